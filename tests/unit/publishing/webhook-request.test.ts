/** The webhook's signature and payload checks, as tables of cases. */
import { describe, expect, it } from "vitest";
import { hasValidSignature, signWebhookBody } from "../../../src/publishing/webhook-signature";
import { parseStoryWebhook } from "../../../src/publishing/webhook-payload";

const secret = "s3cret";
const body = '{"text":"The user Elena published the Story Atlas","action":"published","space_id":1,"story_id":512004201,"full_slug":"projects/2024/atlas"}';

describe("signature", () => {
  it("is the hex HMAC-SHA1 of the raw body keyed by the secret (RFC 2202 test case 2)", () => {
    expect(signWebhookBody("what do ya want for nothing?", "Jefe")).toBe("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
  });

  const good = signWebhookBody(body, secret);
  it.each([
    ["its own signature", body, good, true],
    ["upper-case hex and spaces around it", body, ` ${good.toUpperCase()} `, true],
    ["no signature", body, undefined, false],
    ["an empty signature", body, "", false],
    ["another body's signature", body.replace("published", "deleted"), good, false],
    ["the same JSON re-serialised", JSON.stringify(JSON.parse(body), null, 1), good, false],
    ["a signature with another secret", body, signWebhookBody(body, "other"), false],
    ["a truncated signature", body, good.slice(0, 39), false],
    ["a signature with junk after it", body, `${good}00`, false],
    ["not hex", body, "z".repeat(40), false],
  ])("%s → %s", (_name, given, signature, valid) => {
    expect(hasValidSignature(given, signature, secret)).toBe(valid);
  });
});

describe("payload", () => {
  it.each([
    ["published", body, { action: "published", storyId: 512004201, fullSlug: "projects/2024/atlas" }],
    ["deleted, without full_slug", '{"action":"deleted","story_id":7,"space_id":1,"text":"x"}', { action: "deleted", storyId: 7 }],
    ["unpublished", '{"action":"unpublished","story_id":7,"full_slug":"projects/a"}', { action: "unpublished", storyId: 7, fullSlug: "projects/a" }],
    ["moved", '{"action":"moved","story_id":7,"full_slug":"projects/b"}', { action: "moved", storyId: 7, fullSlug: "projects/b" }],
  ])("accepts %s", (_name, text, webhook) => {
    expect(parseStoryWebhook(text)).toEqual({ ok: true, webhook });
  });

  it.each([
    ["not JSON", "action=published", "not JSON"],
    ["an array", "[]", "not a JSON object"],
    ["null", "null", "not a JSON object"],
    ["an unknown action", '{"action":"entry_updated","story_id":7}', "unknown action"],
    ["a datasource webhook", '{"action":"datasource_entries_updated","datasource_slug":"x"}', "unknown action"],
    ["no story_id", '{"action":"published","full_slug":"home"}', "story_id"],
    ["a story_id string", '{"action":"published","story_id":"7"}', "story_id"],
    ["a negative story_id", '{"action":"published","story_id":-1}', "story_id"],
    ["a fractional story_id", '{"action":"published","story_id":1.5}', "story_id"],
    ["moved without full_slug", '{"action":"moved","story_id":7}', "new full_slug"],
    ["a path-escaping slug", '{"action":"published","story_id":7,"full_slug":"projects/../../etc"}', "full_slug"],
    ["a slug with a scheme", '{"action":"published","story_id":7,"full_slug":"https://evil.example/x"}', "full_slug"],
    ["a slug with a query", '{"action":"published","story_id":7,"full_slug":"projects/a?x=1"}', "full_slug"],
    ["a slug that is a number", '{"action":"published","story_id":7,"full_slug":5}', "full_slug"],
    ["a huge slug", JSON.stringify({ action: "published", story_id: 7, full_slug: "a".repeat(600) }), "full_slug"],
  ])("refuses %s", (_name, text, problem) => {
    const parsed = parseStoryWebhook(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });
});
