/**
 * Storyblok signs each webhook: `webhook-signature` is the hex HMAC-SHA1 of
 * the raw request body, keyed by the webhook secret set in the space
 * (Storyblok's own example: `createHmac('sha1', secret).update(body).digest('hex')`,
 * 40 lower-case hex digits, no `sha1=` prefix). The body must be the bytes
 * as sent: re-serialised JSON would not match.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "webhook-signature";
/** Upper-case digits are the same 20 bytes, so they are accepted; a prefix or any other length is not Storyblok's. */
const HEX_SHA1 = /^[0-9a-f]{40}$/i;

export function signWebhookBody(body: string | Uint8Array, secret: string): string {
  return createHmac("sha1", secret).update(body).digest("hex");
}

/** True only for the body's own signature; compared in constant time, so a guess learns nothing from timing. */
export function hasValidSignature(body: string | Uint8Array, signature: string | undefined, secret: string): boolean {
  // An empty key is a key anyone can sign with: never accept a signature made with it.
  if (secret === "") return false;
  const given = signature?.trim() ?? "";
  // The shape is public (40 hex digits): rejecting other input early leaks nothing about the secret.
  if (!HEX_SHA1.test(given)) return false;
  // All 20 bytes are compared (timingSafeEqual needs equal lengths, which the shape check guarantees).
  return timingSafeEqual(Buffer.from(signWebhookBody(body, secret), "hex"), Buffer.from(given, "hex"));
}
