/**
 * Where content comes from, read once from the environment:
 *   CONTENT_SOURCE=local (default)  the embedded content in `content/`,
 *                                   served in-process by the local CDN;
 *   CONTENT_SOURCE=storyblok        Storyblok's CDN, with STORYBLOK_TOKEN and
 *                                   STORYBLOK_REGION or STORYBLOK_API_URL.
 *
 * Two tokens, as Storyblok has them: the public one reads published content
 * only and is all the public pages ever carry; the preview one reads drafts
 * too and is used for the Visual Editor's draft queries alone. Without a
 * preview token no draft can be read (preview is off then anyway).
 */
import { join } from "node:path";

/** The local CDN's public token: published content only (design: "Local API tokens"). */
export const LOCAL_TOKEN = "local";
/** The local CDN's preview token: drafts too. */
export const LOCAL_PREVIEW_TOKEN = "local-preview";

export type ContentSource =
  | {
      kind: "local";
      dir: string;
      token: string;
      previewToken?: string;
      /** Whose components.json says which fields the local CDN translates, until the space has its own (local-cdn/translatable-fields.ts). */
      schemaDir?: string;
    }
  | { kind: "storyblok"; token: string; previewToken?: string; region?: string; endpoint?: string };

/** Misconfiguration: thrown before any client exists or request is sent. */
export class ContentConfigError extends Error {
  override name = "ContentConfigError";
}

/** A draft was asked for where no preview token is configured (preview is off then, so only a bug asks). */
export function noPreviewToken(): ContentConfigError {
  return new ContentConfigError("Reading drafts needs the space's preview access token: set STORYBLOK_PREVIEW_TOKEN.");
}

export function readContentSource(env: Readonly<Record<string, string | undefined>> = process.env): ContentSource {
  const kind = env.CONTENT_SOURCE?.trim() || "local";
  if (kind === "local") {
    return {
      kind,
      dir: env.CONTENT_DIR?.trim() || join(process.cwd(), "content"),
      token: LOCAL_TOKEN,
      previewToken: LOCAL_PREVIEW_TOKEN,
      // The site's content follows the site's schema, wherever CONTENT_DIR puts the content.
      schemaDir: join(process.cwd(), "schema"),
    };
  }
  if (kind !== "storyblok") {
    throw new ContentConfigError(`CONTENT_SOURCE must be "local" or "storyblok", got "${kind}".`);
  }
  const token = env.STORYBLOK_TOKEN?.trim();
  if (!token) {
    throw new ContentConfigError(
      "CONTENT_SOURCE=storyblok needs STORYBLOK_TOKEN: set it to your space's public access token, " +
        "or unset CONTENT_SOURCE to use the embedded content.",
    );
  }
  const previewToken = env.STORYBLOK_PREVIEW_TOKEN?.trim() || undefined;
  if (previewToken === token) {
    // The public pages would then hold a token that reads drafts: one crafted request away from serving them.
    throw new ContentConfigError(
      "STORYBLOK_TOKEN is the same as STORYBLOK_PREVIEW_TOKEN: set STORYBLOK_TOKEN to the space's public access token, which reads published content only.",
    );
  }
  return {
    kind,
    token,
    ...(previewToken && { previewToken }),
    region: env.STORYBLOK_REGION?.trim() || undefined,
    // STORYBLOK_API_URL wins over the region, e.g. for a proxy: https://api-us.storyblok.com/v2
    endpoint: env.STORYBLOK_API_URL?.trim().replace(/\/$/, "") || undefined,
  };
}
