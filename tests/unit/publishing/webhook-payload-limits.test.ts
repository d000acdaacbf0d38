/**
 * The limits of a signed webhook payload, at their edges: the slug's length
 * (512 characters) and alphabet, the story id's range, and the actions. The
 * slug becomes a path to revalidate, so a loosened pattern would let a
 * signed payload name paths outside the site's pages.
 */
import { describe, expect, it } from "vitest";
import { parseStoryWebhook, STORY_ACTIONS } from "../../../src/publishing/webhook-payload";

const payload = (fields: Record<string, unknown>) => JSON.stringify({ action: "published", story_id: 7, ...fields });
const slugOf = (fullSlug: unknown) => parseStoryWebhook(payload({ full_slug: fullSlug }));

describe("full_slug", () => {
  it.each([
    ["512 characters (the limit)", "a".repeat(512)],
    ["segments of letters, digits and -_.~", "projects/2024/at-las_v2.0~x"],
    ["a folder, ending with a slash", "projects/"],
    ["non-ASCII letters (Storyblok keeps them)", "projekte/über"],
    ["one character", "a"],
    ["a segment that merely starts with dots", "projects/..a"],
  ])("accepts %s", (_name, fullSlug) => {
    expect(slugOf(fullSlug)).toEqual({ ok: true, webhook: { action: "published", storyId: 7, fullSlug } });
  });

  it.each([
    ["513 characters", "a".repeat(513)],
    ["an empty slug", ""],
    ["a leading slash", "/projects/a"],
    ["two slashes in a row", "projects//a"],
    ["only a slash", "/"],
    ["a dot segment", "projects/./a"],
    ["a dot-dot segment", "projects/../a"],
    ["a dot-dot segment at the start", "../a"],
    ["a trailing dot-dot", "projects/.."],
    ["a space", "projects/a b"],
    ["a percent sign", "projects/a%2f"],
    ["a backslash", "projects\\a"],
    ["a hash", "projects/a#b"],
    ["a line break", "projects/a\n"],
    ["a slug that is an object", { slug: "a" }],
    ["a slug that is true", true],
  ])("refuses %s", (_name, fullSlug) => {
    expect(slugOf(fullSlug)).toEqual({ ok: false, problem: "full_slug is not a story slug" });
  });

  it("null is the same as absent: no slug", () => {
    expect(slugOf(null)).toEqual({ ok: true, webhook: { action: "published", storyId: 7 } });
  });
});

describe("story_id", () => {
  it.each([
    ["1", 1],
    ["the largest safe integer", Number.MAX_SAFE_INTEGER],
  ])("accepts %s", (_name, storyId) => {
    expect(parseStoryWebhook(payload({ story_id: storyId }))).toEqual({ ok: true, webhook: { action: "published", storyId } });
  });

  it.each([
    ["0", 0],
    ["-0", -0],
    ["beyond safe integers", Number.MAX_SAFE_INTEGER + 2],
    ["a boolean", true],
    ["null", null],
  ])("refuses %s", (_name, storyId) => {
    expect(parseStoryWebhook(payload({ story_id: storyId }))).toEqual({ ok: false, problem: "story_id must be a positive integer" });
  });
});

describe("action", () => {
  it("knows exactly Storyblok's four story actions", () => {
    expect([...STORY_ACTIONS]).toEqual(["published", "unpublished", "deleted", "moved"]);
  });

  it.each(["Published", "publish", "", "published "])("refuses %j, naming the actions it knows", (action) => {
    expect(parseStoryWebhook(payload({ action }))).toEqual({
      ok: false,
      problem: `unknown action ${JSON.stringify(action)}: expected one of published, unpublished, deleted, moved`,
    });
  });

  it("only a move needs its new slug; a deletion has none", () => {
    expect(parseStoryWebhook(payload({ action: "moved" }))).toEqual({ ok: false, problem: "a moved story needs its new full_slug" });
    expect(parseStoryWebhook(payload({ action: "moved", full_slug: null }))).toEqual({
      ok: false,
      problem: "a moved story needs its new full_slug",
    });
    expect(parseStoryWebhook(payload({ action: "deleted" }))).toEqual({ ok: true, webhook: { action: "deleted", storyId: 7 } });
    expect(parseStoryWebhook(payload({ action: "unpublished" }))).toEqual({ ok: true, webhook: { action: "unpublished", storyId: 7 } });
  });
});

describe("the body", () => {
  it.each([
    ["not JSON", "{", "the body is not JSON"],
    ["a string", '"published"', "the body is not a JSON object"],
    ["a number", "7", "the body is not a JSON object"],
    ["an array", '[{"action":"published","story_id":7}]', "the body is not a JSON object"],
  ])("%s is refused", (_name, body, problem) => {
    expect(parseStoryWebhook(body)).toEqual({ ok: false, problem });
  });
});
