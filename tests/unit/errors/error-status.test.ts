import { describe, expect, it } from "vitest";
import { errorStatus, shownPath } from "../../../src/errors/error-status";

describe("errorStatus", () => {
  it.each([
    ["the response's error status wins", 404, undefined, 404],
    ["a 400 set by the server stays 400", 400, 500, 400],
    ["a thrown error's own status when the response has none yet", 200, 503, 503],
    ["500 when none is given", 200, undefined, 500],
    ["500 when nothing is known (client-side render error)", undefined, undefined, 500],
    ["a nonsense error status is not trusted", undefined, 42, 500],
  ])("%s", (_name, response, error, want) => {
    expect(errorStatus(response, error)).toBe(want);
  });
});

describe("shownPath", () => {
  it.each([
    ["/projects/x?utm=1#top", "/projects/x"],
    ["/caf%C3%A9", "/café"],
    ["/%E0%A4%A", "/%E0%A4%A"],
    [undefined, "/"],
    ["?only=query", "/"],
  ])("%s → %s", (url, want) => {
    expect(shownPath(url)).toBe(want);
  });

  it("cuts a very long path", () => {
    expect(shownPath(`/${"a".repeat(5000)}`)).toHaveLength(201);
  });
});
