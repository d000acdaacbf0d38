/**
 * The signed form of an asset upload, as Storyblok hands out S3's
 * (https://storyblok.com/docs/api/management/assets/signed-response-object):
 * a `policy` (base64 JSON naming the key, an expiry and the size range) and
 * its `x-amz-signature`. Here the signature is an HMAC with a secret of this
 * emulator, so only forms it signed are accepted by its upload endpoint,
 * and only for the key they name, as S3 accepts them.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { SignedResponseAnswer } from "./client-types";

/** S3's default for a signed POST form; long enough for any upload. */
const VALID_FOR_MS = 60 * 60 * 1000;
/** The largest file a form admits. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export interface UploadSigner {
  /** The form fields for uploading `key` (everything but the file). */
  sign(key: string, contentType: string): SignedResponseAnswer["fields"];
  /** The key a form may upload, or why it may not. */
  verify(fields: { key: string | null; policy: string | null; signature: string | null }): { key: string } | { problem: string };
}

interface Policy {
  expiration: string;
  conditions: [{ key: string }, { "Content-Type": string }, ["content-length-range", number, number]];
}

export function createUploadSigner(now: () => number, secret: Buffer = randomBytes(32)): UploadSigner {
  const signature = (policy: string) => createHmac("sha256", secret).update(policy).digest("hex");
  return {
    sign(key, contentType) {
      const at = new Date(now());
      const expires = new Date(at.getTime() + VALID_FOR_MS);
      const policy: Policy = {
        expiration: expires.toISOString(),
        conditions: [{ key }, { "Content-Type": contentType }, ["content-length-range", 0, MAX_UPLOAD_BYTES]],
      };
      const encoded = Buffer.from(JSON.stringify(policy)).toString("base64");
      const date = at
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
      return {
        key,
        acl: "public-read",
        Expires: expires.toUTCString(),
        "Cache-Control": "public; max-age=31536000",
        "Content-Type": contentType,
        policy: encoded,
        "x-amz-credential": `LOCAL/${date.slice(0, 8)}/local/s3/aws4_request`,
        "x-amz-algorithm": "AWS4-HMAC-SHA256",
        "x-amz-date": date,
        "x-amz-signature": signature(encoded),
      };
    },
    verify({ key, policy, signature: given }) {
      if (!key || !policy || !given) return { problem: "the form lacks key, policy or x-amz-signature" };
      const expected = Buffer.from(signature(policy));
      if (expected.length !== given.length || !timingSafeEqual(expected, Buffer.from(given)))
        return { problem: "the signature does not match the policy" };
      const parsed = JSON.parse(Buffer.from(policy, "base64").toString("utf8")) as Policy;
      if (Date.parse(parsed.expiration) < now()) return { problem: "the policy has expired" };
      if (parsed.conditions[0].key !== key) return { problem: "the key is not the one the policy was signed for" };
      return { key };
    },
  };
}
