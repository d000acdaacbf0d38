/** The webhook's signature and payload checks, as tables of cases. */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasValidSignature, signWebhookBody } from "../../../src/publishing/webhook-signature";
import { parseStoryWebhook } from "../../../src/publishing/webhook-payload";

const secret = "s3cret";
const body =
  '{"text":"The user Elena published the Story Atlas","action":"published","space_id":1,"story_id":512004201,"full_slug":"projects/2024/atlas"}';

describe("signature", () => {
  it("is the hex HMAC-SHA1 of the raw body keyed by the secret (RFC 2202 test case 2)", () => {
    expect(signWebhookBody("what do ya want for nothing?", "Jefe")).toBe("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
  });

  const good = signWebhookBody(body, secret);
  /** `good` with the hex digit at `index` changed (to another valid hex digit). */
  const flip = (index: number) => `${good.slice(0, index)}${good[index] === "0" ? "1" : "0"}${good.slice(index + 1)}`;
  const sha256 = createHmac("sha256", secret).update(body).digest("hex");

  // What Storyblok sends (its docs' example: createHmac("sha1", secret).update(body).digest("hex")),
  // and the same 20 bytes spelt with upper-case digits, or with spaces a proxy may leave.
  it.each([
    ["its own signature, as Storyblok sends it", good],
    ["upper-case hex", good.toUpperCase()],
    ["mixed-case hex", good.replace(/[a-f]/g, (digit, i: number) => (i % 2 ? digit.toUpperCase() : digit))],
    ["spaces around it", ` ${good} `],
  ])("accepts %s", (_name, signature) => {
    expect(hasValidSignature(body, signature, secret)).toBe(true);
  });

  // Each must fail a comparison that looks at fewer than all 20 bytes, or trusts the shape.
  it.each([
    ["no signature", undefined],
    ["an empty signature", ""],
    ["only the first half right", `${good.slice(0, 20)}${sha256.slice(0, 20)}`],
    ["all but the last digit right", flip(39)],
    ["all but the first digit right", flip(0)],
    ["all but one digit in the middle right", flip(21)],
    ["the first bytes right, the rest zeros", `${good.slice(0, 8)}${"0".repeat(32)}`],
    ["the first half, alone", good.slice(0, 20)],
    ["a truncated signature (39 digits)", good.slice(0, 39)],
    ["one digit more (41)", `${good}0`],
    ["a signature with junk after it", `${good}00`],
    ["the signature twice", `${good}${good}`],
    ["a sha1= prefix (GitHub's style, not Storyblok's)", `sha1=${good}`],
    ["an HMAC-SHA256 (64 digits)", sha256],
    ["its first 40 digits of an HMAC-SHA256", sha256.slice(0, 40)],
    ["base64 of the right bytes", Buffer.from(good, "hex").toString("base64")],
    ["a signature with another secret", signWebhookBody(body, "other")],
    ["a signature with the secret's prefix", signWebhookBody(body, secret.slice(0, -1))],
    ["a signature with an empty secret", signWebhookBody(body, "")],
    ["not hex", "z".repeat(40)],
    ["all zeros", "0".repeat(40)],
  ])("refuses %s", (_name, signature) => {
    expect(hasValidSignature(body, signature, secret)).toBe(false);
  });

  it.each([
    ["another body's signature", body.replace("published", "deleted")],
    ["the same JSON re-serialised", JSON.stringify(JSON.parse(body), null, 1)],
    ["the body with a trailing newline", `${body}\n`],
    ["the body as bytes in another encoding", Buffer.from(body, "utf16le")],
  ])("refuses %s", (_name, given) => {
    expect(hasValidSignature(given, good, secret)).toBe(false);
  });

  it.each([
    ["its own empty-key signature", signWebhookBody(body, "")],
    ["the secret's signature", good],
    ["no signature", undefined],
  ])("an empty secret refuses everything, %s included", (_name, signature) => {
    expect(hasValidSignature(body, signature, "")).toBe(false);
  });
});

describe("payload", () => {
  it.each([
    ["published", body, { action: "published", storyId: 512004201, fullSlug: "projects/2024/atlas" }],
    ["deleted, without full_slug", '{"action":"deleted","story_id":7,"space_id":1,"text":"x"}', { action: "deleted", storyId: 7 }],
    [
      "unpublished",
      '{"action":"unpublished","story_id":7,"full_slug":"projects/a"}',
      { action: "unpublished", storyId: 7, fullSlug: "projects/a" },
    ],
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
