/**
 * Where content comes from, read once from the environment:
 *   CONTENT_SOURCE=local (default)  the embedded content in `content/`,
 *                                   served in-process by the local CDN;
 *   CONTENT_SOURCE=storyblok        Storyblok's CDN, with STORYBLOK_TOKEN and
 *                                   STORYBLOK_REGION or STORYBLOK_API_URL.
 */
import { join } from "node:path";

/** The token the local CDN accepts in-process (design: "Local API token"). */
export const LOCAL_TOKEN = "local";

export type ContentSource =
  | { kind: "local"; dir: string; token: string }
  | { kind: "storyblok"; token: string; region?: string; endpoint?: string };

/** Misconfiguration: thrown before any client exists or request is sent. */
export class ContentConfigError extends Error {
  override name = "ContentConfigError";
}

export function readContentSource(env: Readonly<Record<string, string | undefined>> = process.env): ContentSource {
  const kind = env.CONTENT_SOURCE?.trim() || "local";
  if (kind === "local") {
    return { kind, dir: env.CONTENT_DIR?.trim() || join(process.cwd(), "content"), token: LOCAL_TOKEN };
  }
  if (kind !== "storyblok") {
    throw new ContentConfigError(`CONTENT_SOURCE must be "local" or "storyblok", got "${kind}".`);
  }
  const token = env.STORYBLOK_TOKEN?.trim();
  if (!token) {
    throw new ContentConfigError(
      "CONTENT_SOURCE=storyblok needs STORYBLOK_TOKEN: set it to your space's public (or preview) access token, " +
        "or unset CONTENT_SOURCE to use the embedded content.",
    );
  }
  return {
    kind,
    token,
    region: env.STORYBLOK_REGION?.trim() || undefined,
    // STORYBLOK_API_URL wins over the region, e.g. for a proxy: https://api-us.storyblok.com/v2
    endpoint: env.STORYBLOK_API_URL?.trim().replace(/\/$/, "") || undefined,
  };
}
