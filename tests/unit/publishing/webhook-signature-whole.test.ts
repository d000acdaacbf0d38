/**
 * A webhook signature is compared over all of its 40 hex digits: a signature
 * wrong in any one place is refused, as is one with anything before or after
 * the digest. A check that compared only part of it (a prefix, the first
 * bytes) would let a forger succeed by guessing that part.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasValidSignature, SIGNATURE_HEADER, signWebhookBody } from "../../../src/publishing/webhook-signature";

const secret = "whsec-7Fq2";
const body = '{"action":"published","space_id":1,"story_id":512004201,"full_slug":"projects/2024/atlas"}';
/** Made as Storyblok's documentation makes it, independent of the code under test. */
const good = createHmac("sha1", secret).update(body).digest("hex");

/** `good` with the hex digit at `index` replaced by another. */
const changedAt = (index: number) => `${good.slice(0, index)}${good[index] === "a" ? "b" : "a"}${good.slice(index + 1)}`;

describe("the signature", () => {
  it("is sent in the webhook-signature header", () => {
    expect(SIGNATURE_HEADER).toBe("webhook-signature");
  });

  it("is the hex HMAC-SHA1 of the raw body", () => {
    expect(signWebhookBody(body, secret)).toBe(good);
    expect(signWebhookBody(Buffer.from(body), secret)).toBe(good);
    expect(hasValidSignature(body, good, secret)).toBe(true);
    expect(hasValidSignature(Buffer.from(body), good, secret)).toBe(true);
  });
});

describe("compared over every digit", () => {
  it.each(Array.from({ length: 40 }, (_, index) => index))("refuses the signature changed at digit %i", (index) => {
    expect(hasValidSignature(body, changedAt(index), secret)).toBe(false);
  });
});

describe("exactly the digest, nothing around it", () => {
  it.each([
    ["with a sha1= prefix", `sha1=${good}`],
    ["with a 0x prefix", `0x${good}`],
    ["with one digit more", `${good}0`],
    ["with two digits more (a 21st byte)", `${good}00`],
    ["with one digit less", good.slice(1)],
    ["with two digits less (19 bytes)", good.slice(2)],
    ["twice", `${good}${good}`],
    ["with text after a space", `${good} x`],
    ["with a non-hex digit in place of the last", `${good.slice(0, 39)}g`],
    ["with a non-hex digit in place of the first", `g${good.slice(1)}`],
    ["as base64", Buffer.from(good, "hex").toString("base64")],
    ["all zeros", "0".repeat(40)],
  ])("refuses the digest %s", (_name, signature) => {
    expect(hasValidSignature(body, signature, secret)).toBe(false);
  });

  it("accepts the digest in upper case, and with whitespace around it (header folding)", () => {
    expect(hasValidSignature(body, good.toUpperCase(), secret)).toBe(true);
    expect(hasValidSignature(body, `\t${good} `, secret)).toBe(true);
  });

  it("refuses a signature of the body made with another secret, or of another body", () => {
    expect(hasValidSignature(body, createHmac("sha1", `${secret}x`).update(body).digest("hex"), secret)).toBe(false);
    expect(hasValidSignature(`${body} `, good, secret)).toBe(false);
    expect(hasValidSignature(body, createHmac("sha256", secret).update(body).digest("hex").slice(0, 40), secret)).toBe(false);
  });
});
