/**
 * Redirect targets (preview entry and exit) character by character: every
 * control character, space, DEL and backslash is refused wherever it stands,
 * because URL parsers strip or rewrite them differently; a double slash is
 * refused only at the start (protocol-relative), and kept inside a path.
 */
import { describe, expect, it } from "vitest";
import { ownPath } from "../../../src/security/safe-redirect";

describe("characters a parser may strip or rewrite are refused anywhere", () => {
  const unsafe: [string, string][] = [
    ["NUL", "\u0000"],
    ["a tab", "\t"],
    ["a line feed", "\n"],
    ["a carriage return", "\r"],
    ["unit separator (U+001F)", "\u001f"],
    ["a space", " "],
    ["DEL", "\u007f"],
    ["a backslash", "\\"],
  ];

  it.each(unsafe)("%s inside the path", (_name, character) => {
    expect(ownPath(`/projects${character}atlas`)).toBe("/");
  });

  it.each(unsafe)("%s in the query", (_name, character) => {
    expect(ownPath(`/projects/atlas?x=${character}`, "/home")).toBe("/home");
  });

  it.each(unsafe)("%s right after the first slash", (_name, character) => {
    expect(ownPath(`/${character}/evil.example`)).toBe("/");
  });
});

describe("what stays", () => {
  it.each([
    ["a double slash inside a path", "/projects//atlas", "/projects//atlas"],
    ["printable ASCII around the refused range", "/a!b~c", "/a!b~c"],
    ["non-ASCII text (percent-encoded, as a browser sends it)", "/projekte/über", "/projekte/%C3%BCber"],
    ["an encoded space", "/a%20b", "/a%20b"],
    ["a query and a fragment", "/a?b=1&c=2#d", "/a?b=1&c=2#d"],
  ])("%s", (_name, given, want) => {
    expect(ownPath(given)).toBe(want);
  });
});

describe("the fallback", () => {
  it("is the home page unless another is given", () => {
    expect(ownPath(42)).toBe("/");
    expect(ownPath(null, "/projects")).toBe("/projects");
    expect(ownPath("https://evil.example/", "/projects")).toBe("/projects");
  });

  it("a target that is not a path at all (no leading slash) goes to the fallback", () => {
    expect(ownPath("projects/atlas")).toBe("/");
    expect(ownPath("?x=1")).toBe("/");
    expect(ownPath("#top")).toBe("/");
  });
});
