import { describe, expect, it } from "vitest";
import { crossSiteCookie } from "../../../src/preview/cross-site-cookies";
import { CHECKED_MARKER, entryRedirect, isEditorRequest, returnAddress, withoutDraftModeCookies } from "../../../src/preview/preview-entry";
import { ownPath } from "../../../src/security/safe-redirect";

describe("ownPath", () => {
  it.each([
    ["/", "/"],
    ["/projects/2024/atlas", "/projects/2024/atlas"],
    ["/projects/tidewater?x=1#top", "/projects/tidewater?x=1#top"],
    ["/a/../projects", "/projects"],
  ])("keeps our own path %s", (given, want) => {
    expect(ownPath(given)).toBe(want);
  });

  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "/\t/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/%0a/evil",
  ])("refuses %j and goes home instead", (given) => {
    // "/%0a/evil" is a path on our site (percent-encoded), so it may stay; the rest must not.
    const result = ownPath(given);
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
    if (given !== "/%0a/evil") expect(result).toBe("/");
  });

  // Normalising can make a protocol-relative address out of a path that did
  // not start as one: each of these starts with a single "/".
  it.each([
    "/..//evil.example/phish",
    "/.././/evil.example",
    "/./..//evil.example",
    "/a/../..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2e//evil.example",
    "/.%2e//evil.example",
    "/..///evil.example",
    "/../\\evil.example",
    "/..%2f/evil.example",
  ])("refuses %j, which normalises off the site", (given) => {
    const result = ownPath(given);
    expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
    expect(result.startsWith("//")).toBe(false);
  });

  it.each(["/..//evil.example/phish", "/%2e%2e//evil.example", "/a/../..//evil.example"])("sends %j home", (given) => {
    expect(ownPath(given)).toBe("/");
  });

  it("keeps what stays on the site after normalising, as a browser would read it back", () => {
    expect(ownPath("/projects/./2024/../2024/atlas")).toBe("/projects/2024/atlas");
    expect(ownPath("/%2e%2e/projects")).toBe("/projects");
    // An encoded slash or backslash is one path segment of ours, not a separator.
    expect(ownPath("/..%2f%2fevil.example")).toBe("/..%2f%2fevil.example");
    expect(new URL(ownPath("/%5Cevil.example"), "https://site.example").origin).toBe("https://site.example");
  });

  it("refuses targets longer than any address of the site", () => {
    expect(ownPath(`/${"a".repeat(5000)}`)).toBe("/");
  });

  it("refuses what is not a string (a repeated ?path=)", () => {
    expect(ownPath(["/a", "//evil"])).toBe("/");
    expect(ownPath(undefined, "/home")).toBe("/home");
  });
});

describe("crossSiteCookie", () => {
  it("makes a development cookie (SameSite=Lax, not Secure) cross-site and partitioned", () => {
    expect(crossSiteCookie("__prerender_bypass=abc; Path=/; HttpOnly; SameSite=Lax")).toBe(
      "__prerender_bypass=abc; Path=/; HttpOnly; SameSite=None; Secure; Partitioned",
    );
  });

  it("does not repeat attributes a production cookie already has", () => {
    const rewritten = crossSiteCookie("__next_preview_data=x.y.z; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=None");
    expect(rewritten).toBe("__next_preview_data=x.y.z; Max-Age=3600; Path=/; HttpOnly; SameSite=None; Secure; Partitioned");
  });
});

describe("preview entry redirect", () => {
  const editorUrl = new URL("https://site.example/projects/atlas?_storyblok=42&_storyblok_tk[token]=t&_storyblok_lang=de");
  const framed = new Headers({ "sec-fetch-dest": "iframe" });

  it("sends a framed request with a token to the entry route, keeping every parameter", () => {
    const entry = entryRedirect(editorUrl, framed);
    expect(entry?.pathname).toBe("/api/preview");
    expect(entry?.origin).toBe("https://site.example");
    expect(entry?.searchParams.get("path")).toBe("/projects/atlas");
    expect(entry?.searchParams.get("_storyblok_tk[token]")).toBe("t");
    expect(entry?.searchParams.get("_storyblok_lang")).toBe("de");
  });

  it("lets through unframed requests, requests without a token and requests already checked", () => {
    expect(entryRedirect(editorUrl, new Headers({ "sec-fetch-dest": "document" }))).toBeUndefined();
    expect(entryRedirect(new URL("https://site.example/?_storyblok=42"), framed)).toBeUndefined();
    expect(entryRedirect(new URL(`${editorUrl.href}&${CHECKED_MARKER}=1`), framed)).toBeUndefined();
  });

  it("returns to the page with the editor's parameters and the marker, never to another origin", () => {
    const query = new URLSearchParams("path=/projects/atlas&_storyblok=42&_storyblok_tk[token]=t");
    expect(returnAddress("/projects/atlas", query)).toBe(`/projects/atlas?_storyblok=42&_storyblok_tk%5Btoken%5D=t&${CHECKED_MARKER}=1`);
    expect(returnAddress(ownPath("//evil.example"), query).startsWith("/?")).toBe(true);
  });
});

describe("draft mode only for the editor's own requests", () => {
  const framed = new Headers({ "sec-fetch-dest": "iframe" });

  it("knows the editor's request: framed, with _storyblok in the address", () => {
    expect(isEditorRequest(new URL("https://site.example/?_storyblok=42"), framed)).toBe(true);
    expect(isEditorRequest(new URL("https://site.example/"), framed)).toBe(false);
    expect(isEditorRequest(new URL("https://site.example/?_storyblok=42"), new Headers({ "sec-fetch-dest": "document" }))).toBe(false);
  });

  it("drops exactly the draft-mode cookies from any other request", () => {
    expect(withoutDraftModeCookies("theme=dark; __prerender_bypass=abc; __next_preview_data=x.y; lang=nl")).toBe("theme=dark; lang=nl");
    expect(withoutDraftModeCookies("__prerender_bypass=abc")).toBe("");
    expect(withoutDraftModeCookies("theme=dark")).toBeUndefined();
    expect(withoutDraftModeCookies(null)).toBeUndefined();
  });
});
