/**
 * The edges of the preview token check: the exact clock skew and maximum age,
 * the shape a timestamp may have, and a digest compared over every byte.
 * Each case sits on one side of a limit, so moving the limit by one second or
 * one character fails a test (found by mutation testing: `npm run mutate`).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkPreviewToken,
  tokenParams,
  TOKEN_CLOCK_SKEW_SECONDS,
  TOKEN_MAX_AGE_SECONDS,
  type TokenParams,
} from "../../../src/preview/preview-token";

const secrets = { spaceId: "288141", previewToken: "pv-3kQ8zR1tW6" };
const now = 1_790_000_000;

/** A token made the way Storyblok's editor makes it, independent of the code under test. */
function editorToken(timestamp: string, previewToken = secrets.previewToken): string {
  return createHash("sha1").update(`${secrets.spaceId}:${previewToken}:${timestamp}`).digest("hex");
}

/** A correctly signed token issued at `issued` (seconds). */
function signedAt(issued: number): TokenParams {
  const timestamp = String(issued);
  return { spaceId: secrets.spaceId, timestamp, token: editorToken(timestamp) };
}

describe("the limits are the documented ones", () => {
  // Pinned by value: a wider window is a policy change, not a refactor.
  it("an hour of age and a minute of skew", () => {
    expect(TOKEN_MAX_AGE_SECONDS).toBe(3600);
    expect(TOKEN_CLOCK_SKEW_SECONDS).toBe(60);
  });
});

describe("clock skew and age, second by second", () => {
  it.each([
    ["issued now", now, { ok: true }],
    ["a minute ahead of our clock (the largest skew)", now + 60, { ok: true }],
    ["61 seconds ahead", now + 61, { ok: false, reason: "future" }],
    ["an hour ahead", now + 3600, { ok: false, reason: "future" }],
    ["exactly an hour old", now - 3600, { ok: true }],
    ["an hour and a second old", now - 3601, { ok: false, reason: "expired" }],
    ["a day old", now - 86_400, { ok: false, reason: "expired" }],
    ["issued at the epoch", 0, { ok: false, reason: "expired" }],
  ])("a token %s", (_name, issued, verdict) => {
    expect(checkPreviewToken(signedAt(issued), secrets, now)).toEqual(verdict);
  });

  it("reads the clock itself when no time is given: a token issued now passes, one from an hour ago does not", () => {
    const clock = Math.floor(Date.now() / 1000);
    expect(checkPreviewToken(signedAt(clock), secrets)).toEqual({ ok: true });
    expect(checkPreviewToken(signedAt(clock - 2 * 3600), secrets)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("the timestamp is plain decimal seconds, at most 12 digits", () => {
  it.each([
    ["with a sign", `+${now}`],
    ["with a letter before it", `x${now}`],
    ["with a letter after it", `${now}x`],
    ["in hex", "0x6AB1B580"],
    ["with a fraction", `${now}.5`],
    ["13 digits long", `0${"0".repeat(2)}${now}`],
    ["with a space", ` ${now}`],
  ])("refuses a timestamp %s, even correctly signed", (_name, timestamp) => {
    expect(checkPreviewToken({ spaceId: secrets.spaceId, timestamp, token: editorToken(timestamp) }, secrets, now)).toEqual({
      ok: false,
      reason: "bad timestamp",
    });
  });

  it("accepts 12 digits with leading zeros (the number is what counts)", () => {
    const timestamp = `00${now}`;
    expect(timestamp).toHaveLength(12);
    expect(checkPreviewToken({ spaceId: secrets.spaceId, timestamp, token: editorToken(timestamp) }, secrets, now)).toEqual({ ok: true });
  });
});

describe("the digest is compared whole", () => {
  const good = editorToken(String(now));
  /** The good digest with one hex digit changed at `index`. */
  const flipped = (index: number) => `${good.slice(0, index)}${good[index] === "0" ? "1" : "0"}${good.slice(index + 1)}`;

  it.each([0, 1, 19, 20, 38, 39])("refuses a digest that differs only at character %i", (index) => {
    expect(checkPreviewToken({ ...signedAt(now), token: flipped(index) }, secrets, now)).toEqual({ ok: false, reason: "forged" });
  });

  it.each([
    ["the digest with a character added", `${good}0`],
    ["the first 20 characters only", good.slice(0, 20)],
    ["twice the digest", `${good}${good}`],
    ["an empty string", ""],
  ])("refuses %s", (_name, token) => {
    const verdict = checkPreviewToken({ ...signedAt(now), token }, secrets, now);
    expect(verdict.ok).toBe(false);
  });

  it("refuses a digest made with another preview token or for another timestamp", () => {
    expect(checkPreviewToken({ ...signedAt(now), token: editorToken(String(now), "pv-other") }, secrets, now)).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(checkPreviewToken({ ...signedAt(now), token: editorToken(String(now - 1)) }, secrets, now)).toEqual({
      ok: false,
      reason: "forged",
    });
  });
});

describe("the space and the secrets", () => {
  it("refuses a token for another space before anything else is looked at", () => {
    expect(checkPreviewToken({ ...signedAt(now), spaceId: "2881410" }, secrets, now)).toEqual({ ok: false, reason: "other space" });
    expect(checkPreviewToken({ ...signedAt(now), spaceId: " 288141" }, secrets, now)).toEqual({ ok: false, reason: "other space" });
  });

  it("is not configured without a space id, even with a preview token", () => {
    expect(checkPreviewToken(signedAt(now), { spaceId: "", previewToken: secrets.previewToken }, now)).toEqual({
      ok: false,
      reason: "not configured",
    });
  });

  it.each([
    ["an empty space id", { spaceId: "" }],
    ["an empty timestamp", { timestamp: "" }],
    ["an empty token", { token: "" }],
  ])("counts %s as missing", (_name, override) => {
    expect(checkPreviewToken({ ...signedAt(now), ...override }, secrets, now)).toEqual({ ok: false, reason: "missing" });
  });
});

describe("tokenParams", () => {
  it("reads each key only when it is given exactly once", () => {
    const search = new URLSearchParams(
      "_storyblok_tk[space_id]=1&_storyblok_tk[space_id]=2&_storyblok_tk[timestamp]=17&_storyblok_tk[timestamp]=17&_storyblok_tk[token]=ab",
    );
    expect(tokenParams(search)).toEqual({ spaceId: undefined, timestamp: undefined, token: "ab" });
  });

  it("has nothing to read from an address without the keys", () => {
    expect(tokenParams(new URLSearchParams("_storyblok=42"))).toEqual({ spaceId: undefined, timestamp: undefined, token: undefined });
  });
});
