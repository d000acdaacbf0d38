import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkPreviewToken, tokenParams, TOKEN_MAX_AGE_SECONDS } from "../../../src/preview/preview-token";

const secrets = { spaceId: "288141", previewToken: "pv-3kQ8zR1tW6" };
const now = 1_790_000_000;

/** A token made the way Storyblok's editor makes it, independent of the code under test. */
function editorToken(spaceId: string, previewToken: string, timestamp: number): string {
  return createHash("sha1").update(`${spaceId}:${previewToken}:${timestamp}`).digest("hex");
}

function params(overrides: Partial<Record<"spaceId" | "timestamp" | "token", string | undefined>> = {}) {
  const timestamp = String(now - 60);
  return { spaceId: secrets.spaceId, timestamp, token: editorToken(secrets.spaceId, secrets.previewToken, now - 60), ...overrides };
}

describe("checkPreviewToken", () => {
  it("accepts the editor's token for our space made a minute ago", () => {
    expect(checkPreviewToken(params(), secrets, now)).toEqual({ ok: true });
  });

  it("accepts a token at the edge of the hour, and an upper-case hex digest", () => {
    const timestamp = now - TOKEN_MAX_AGE_SECONDS;
    const token = editorToken(secrets.spaceId, secrets.previewToken, timestamp).toUpperCase();
    expect(checkPreviewToken({ spaceId: secrets.spaceId, timestamp: String(timestamp), token }, secrets, now).ok).toBe(true);
  });

  it.each([
    ["forged (made with another preview token)", params({ token: editorToken(secrets.spaceId, "guessed", now - 60) }), "forged"],
    ["forged (truncated digest)", params({ token: editorToken(secrets.spaceId, secrets.previewToken, now - 60).slice(0, 39) }), "forged"],
    ["forged (timestamp changed after signing)", params({ timestamp: String(now - 30) }), "forged"],
    [
      "expired (over an hour old)",
      { spaceId: secrets.spaceId, timestamp: String(now - 3601), token: editorToken(secrets.spaceId, secrets.previewToken, now - 3601) },
      "expired",
    ],
    [
      "in the future beyond the skew",
      { spaceId: secrets.spaceId, timestamp: String(now + 600), token: editorToken(secrets.spaceId, secrets.previewToken, now + 600) },
      "future",
    ],
    [
      "for another space, even correctly signed for it",
      { spaceId: "999", timestamp: String(now), token: editorToken("999", secrets.previewToken, now) },
      "other space",
    ],
    ["missing the token", params({ token: undefined }), "missing"],
    ["missing the timestamp", params({ timestamp: undefined }), "missing"],
    ["missing the space id", params({ spaceId: undefined }), "missing"],
    ["with a non-numeric timestamp", params({ timestamp: "1e9" }), "bad timestamp"],
  ])("refuses a token %s", (_name, given, reason) => {
    expect(checkPreviewToken(given, secrets, now)).toEqual({ ok: false, reason });
  });

  it("refuses everything when the site has no preview secrets", () => {
    expect(checkPreviewToken(params(), undefined, now)).toEqual({ ok: false, reason: "not configured" });
    expect(checkPreviewToken(params(), { spaceId: secrets.spaceId, previewToken: "" }, now)).toEqual({
      ok: false,
      reason: "not configured",
    });
  });
});

describe("tokenParams", () => {
  it("reads the bracketed keys as the editor sends them", () => {
    const search = new URLSearchParams("_storyblok=1&_storyblok_tk[space_id]=288141&_storyblok_tk[timestamp]=17&_storyblok_tk[token]=ab");
    expect(tokenParams(search)).toEqual({ spaceId: "288141", timestamp: "17", token: "ab" });
  });

  it("refuses a repeated key rather than picking one", () => {
    const search = new URLSearchParams("_storyblok_tk[token]=a&_storyblok_tk[token]=b");
    expect(tokenParams(search).token).toBeUndefined();
  });
});
