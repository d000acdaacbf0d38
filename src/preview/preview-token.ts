/**
 * The Visual Editor's preview token. Storyblok opens the site with
 *   ?_storyblok_tk[space_id]=…&_storyblok_tk[timestamp]=…&_storyblok_tk[token]=…
 * where token = hex sha1(`space_id:preview_token:timestamp`). Only someone
 * who knows the space's preview token can make one, so a valid token is what
 * lets a request see drafts.
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** Storyblok's own examples accept a token for one hour. */
export const TOKEN_MAX_AGE_SECONDS = 60 * 60;
/** A timestamp this far ahead of our clock is still accepted (the editor's clock may run fast). */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;

export interface PreviewSecrets {
  /** STORYBLOK_SPACE_ID: the only space whose tokens are accepted. */
  spaceId: string;
  /** STORYBLOK_PREVIEW_TOKEN: the space's preview access token. */
  previewToken: string;
}

/** The three `_storyblok_tk[…]` values as they arrived (absent ones undefined). */
export interface TokenParams {
  spaceId?: string;
  timestamp?: string;
  token?: string;
}

export type TokenVerdict =
  | { ok: true }
  | { ok: false; reason: "not configured" | "missing" | "other space" | "bad timestamp" | "expired" | "future" | "forged" };

function expectedToken(spaceId: string, previewToken: string, timestamp: string): string {
  return createHash("sha1").update(`${spaceId}:${previewToken}:${timestamp}`).digest("hex");
}

/** Reads `_storyblok_tk[space_id|timestamp|token]` from a query string. A repeated key is refused (undefined). */
export function tokenParams(search: URLSearchParams): TokenParams {
  const one = (key: string) => {
    const values = search.getAll(key);
    return values.length === 1 ? values[0] : undefined;
  };
  return { spaceId: one("_storyblok_tk[space_id]"), timestamp: one("_storyblok_tk[timestamp]"), token: one("_storyblok_tk[token]") };
}

export function checkPreviewToken(
  params: TokenParams,
  secrets: PreviewSecrets | undefined,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): TokenVerdict {
  // Without both secrets nothing can be checked, so nothing is accepted.
  if (!secrets?.spaceId || !secrets.previewToken) return { ok: false, reason: "not configured" };
  const { spaceId, timestamp, token } = params;
  if (!spaceId || !timestamp || !token) return { ok: false, reason: "missing" };
  if (spaceId !== secrets.spaceId) return { ok: false, reason: "other space" };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "bad timestamp" };
  const issued = Number(timestamp);
  if (issued > nowSeconds + TOKEN_CLOCK_SKEW_SECONDS) return { ok: false, reason: "future" };
  if (nowSeconds - issued > TOKEN_MAX_AGE_SECONDS) return { ok: false, reason: "expired" };
  const expected = Buffer.from(expectedToken(secrets.spaceId, secrets.previewToken, timestamp), "utf8");
  const given = Buffer.from(token.toLowerCase(), "utf8");
  // timingSafeEqual needs equal lengths; the length of a sha1 hex digest is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "forged" };
  return { ok: true };
}
