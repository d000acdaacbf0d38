/**
 * What a request's `token` may read, as Storyblok's Content Delivery API
 * tokens do (https://www.storyblok.com/docs/concepts/access-tokens): the
 * public token reads published content only, the preview token drafts and
 * published content. Any other token, or none, reads nothing.
 */
import type { ContentVersion } from "./story-types";

export interface AccessTokens {
  /** The public token. */
  token: string;
  /** The preview token; without one no request can read drafts. */
  previewToken?: string;
}

export type TokenAccess = "public" | "preview";

/** The access `token` grants, or undefined (401). */
export function accessOf(token: string | null, tokens: AccessTokens): TokenAccess | undefined {
  if (token === null || token === "") return undefined;
  if (token === tokens.previewToken) return "preview";
  if (token === tokens.token) return "public";
  return undefined;
}

/**
 * Whether `access` may read `version`. Storyblok answers a public token
 * asking for `version=draft` with the same 401 as a wrong token
 * (tests/fixtures/cdn/public-token-draft/SOURCE.txt says where that is
 * recorded); it never falls back to the published story.
 */
export function mayRead(access: TokenAccess, version: ContentVersion): boolean {
  return version === "published" || access === "preview";
}
