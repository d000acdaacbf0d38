/**
 * Story slugs that come from addresses (a page's path segments) before they
 * become part of a content API path: `cdn/stories/{full_slug}`.
 *
 * storyblok-js-client appends the slug to the URL as it is, and Next.js
 * hands a page its segments decoded, so `/projects/fieldnotes%3Fversion%3Ddraft`
 * arrives as `fieldnotes?version=draft` and would add `version=draft` to the
 * request: an address must never be able to write the query. A segment
 * that no Storyblok story can have is refused here, before any request (the
 * page answers 404), and every accepted segment is still encoded with
 * encodeURIComponent when the path is built (a no-op for valid segments:
 * defence in depth should the rule ever widen).
 */

/**
 * Storyblok's default character set for slugs: a-z, A-Z, 0-9, `_` and `-`
 * (https://storyblok.com/faq/what-characters-are-permissible-for-content-entry-slugs).
 * Upper case is allowed there, so it is allowed here: refusing it would 404
 * a real story. No `.` (so no `.` or `..` segments), `%`, `/`, `?`, `#`,
 * `;`, `&`, `=`, space, NUL or non-ASCII letter can pass. A space with the
 * "Extended Character Set in Story Slugs" setting would need this widened.
 */
const SLUG_SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * Storyblok documents no maximum; no editor types a longer path, and the
 * cap keeps an address from making the site build long API URLs.
 */
export const MAX_FULL_SLUG_LENGTH = 255;

/**
 * True when every segment can be part of a Storyblok full_slug, the joined
 * slug is within MAX_FULL_SLUG_LENGTH, and it is not all digits (the API
 * reads a bare number as a story id, so it would answer another story).
 */
export function isStorySlug(segments: readonly string[]): boolean {
  if (segments.length === 0) return false;
  if (!segments.every((segment) => SLUG_SEGMENT.test(segment))) return false;
  const joined = segments.join("/");
  return joined.length <= MAX_FULL_SLUG_LENGTH && !/^\d+$/.test(joined);
}

/**
 * The slug to put in `cdn/stories/{slug}`, each segment encoded, or null
 * when it cannot be a Storyblok full_slug: the caller answers "not found"
 * without a request. `segments` are a page's path segments, or a full slug
 * split at `/`.
 */
export function encodeStorySlug(segments: readonly string[]): string | null {
  return isStorySlug(segments) ? segments.map(encodeURIComponent).join("/") : null;
}
