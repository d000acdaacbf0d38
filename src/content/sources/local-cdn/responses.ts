/**
 * Response shapes and headers as Storyblok's CDN sends them (see the ruby
 * client's recorded cassettes in tests/fixtures/cdn/): JSON with Rails-style
 * escaping of <, > and &, `Cache-Control` depending on the version, CORS
 * for browsers on any origin, and `total` / `per-page` on lists.
 */
import { createHash } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { ContentVersion } from "./story-types";

/** Published answers may sit in a shared cache for a week: a new `cv` in the URL busts them. */
export const PUBLISHED_CACHE_CONTROL = "max-age=0, public, s-maxage=604800";
/** Drafts are per editor and always revalidated. */
const DRAFT_CACHE_CONTROL = "max-age=0, private, must-revalidate";

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": "Content-Type, Accept",
  "access-control-expose-headers": "total, per-page, etag",
  "access-control-max-age": "86400",
  vary: "Accept-Encoding,Origin",
} as const;

/** Rails escapes these in JSON; doing the same keeps bodies byte-comparable with recordings. */
function railsJson(body: unknown): string {
  return JSON.stringify(body).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export function jsonResponse(status: number, body: unknown, cacheControl: string, extraHeaders: Record<string, string> = {}): Response {
  const text = railsJson(body);
  const etag = `W/"${createHash("md5").update(text).digest("hex")}"`;
  return new Response(text, {
    status,
    statusText: STATUS_CODES[status] ?? "",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": cacheControl,
      etag,
      ...CORS_HEADERS,
      ...extraHeaders,
    },
  });
}

export function cacheControlFor(version: ContentVersion): string {
  return version === "draft" ? DRAFT_CACHE_CONTROL : PUBLISHED_CACHE_CONTROL;
}

export function unauthorized(): Response {
  return jsonResponse(401, { error: "Unauthorized" }, PUBLISHED_CACHE_CONTROL);
}

export function notFound(): Response {
  // Not recorded; a missing story may be created any moment, so nothing caches the answer.
  return jsonResponse(404, ["This record could not be found"], "no-cache");
}

/**
 * A parameter whose value cannot be applied (a date that is not one, a language the
 * space does not have): the 400 with `{ "error": … }` Storyblok's description documents
 * for the CDN's bad requests, with the reason.
 */
export function badRequest(message: string): Response {
  return jsonResponse(400, { error: message }, "no-cache");
}

export function methodNotAllowed(): Response {
  return jsonResponse(405, { error: "Method Not Allowed" }, "no-cache", { allow: "GET, HEAD, OPTIONS" });
}

export function corsPreflight(): Response {
  return new Response(null, { status: 204, headers: { ...CORS_HEADERS } });
}

/**
 * Published requests with an outdated `cv` are redirected to the current one,
 * as recorded (`cv=0` → 301 to `cv=1637246408`): the client follows it and
 * learns the new version from the body.
 */
export function redirectToCv(url: URL, cv: number): Response {
  const location = new URL(url);
  location.searchParams.set("cv", String(cv));
  const href = location.toString().replace(/&/g, "&amp;");
  return new Response(`<html><body>You are being <a href="${href}">redirected</a>.</body></html>`, {
    status: 301,
    statusText: "Moved Permanently",
    headers: {
      "content-type": "text/html; charset=utf-8",
      location: location.toString(),
      "cache-control": "no-cache",
      ...CORS_HEADERS,
    },
  });
}
