import type { IncomingHttpHeaders } from "node:http";
import { SITE_URL } from "../../seo/site-url";

/**
 * Why a contact post is refused as coming from another site, or null when
 * it may go on. Another site's page can post our form from its visitors'
 * browsers (a hidden form, a fetch without CORS): each visitor is a fresh
 * address, so it would send spam under our name past the rate limit.
 *
 * A browser marks every POST, form posts included, with `Origin`, and
 * (all current browsers) with `Sec-Fetch-Site`; a page cannot forge or
 * remove either. So:
 *
 * - `Sec-Fetch-Site` must be `same-origin` or `none` (the visitor's own
 *   action). `same-site` is refused too: a sibling subdomain (a blog host,
 *   a preview deployment) is another site for this form's purpose.
 *   Anything else a browser might send later is refused as well.
 * - `Origin`, when present, must be this site: the request's own Host (the
 *   host the browser was talking to, so the same-origin no-JavaScript post
 *   to /contact passes whatever name the site is reached by) or
 *   NEXT_PUBLIC_SITE_URL's origin (for a proxy that rewrites Host). Only
 *   host and port are compared with Host: behind a TLS proxy the server
 *   never sees the scheme the browser used. `Origin: null` (a sandboxed
 *   frame, a data: URL, a post after a cross-site redirect) is refused.
 *
 * A request with neither header is no browser's cross-site post (curl, a
 * server, an old browser's same-origin post) and goes on as before: the
 * rate limit and the rules still apply to it.
 *
 * This relies on the site's Referrer-Policy (strict-origin-when-cross-origin,
 * security-headers.ts): under `no-referrer` browsers send `Origin: null` on
 * same-origin form posts too, and the no-JavaScript form would be refused.
 */
export function crossSiteRefusal(headers: IncomingHttpHeaders, siteUrl: string = SITE_URL): string | null {
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite !== undefined) {
    const value = (Array.isArray(fetchSite) ? fetchSite.join(", ") : fetchSite).trim().toLowerCase();
    if (value !== "same-origin" && value !== "none") return `Sec-Fetch-Site is ${quoted(value)}`;
  }
  const origin = headers.origin;
  if (origin === undefined) return null;
  if (isOwnOrigin(origin, headers.host, siteUrl)) return null;
  return `Origin ${quoted(origin)} is neither the request's host ${quoted(headers.host ?? "")} nor NEXT_PUBLIC_SITE_URL`;
}

function isOwnOrigin(origin: string, host: string | undefined, siteUrl: string): boolean {
  const parsed = parseOrigin(origin);
  if (!parsed) return false;
  if (siteUrl && parsed.origin === parseOrigin(siteUrl)?.origin) return true;
  return host !== undefined && sameHost(parsed, host);
}

/** An http(s) origin as a browser serialises it: scheme, host and optional port, nothing else. */
function parseOrigin(value: string): URL | null {
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(value.trim())) return null;
  try {
    const url = new URL(value.trim());
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
}

const DEFAULT_PORT: Readonly<Record<string, string>> = { "http:": "80", "https:": "443" };

/**
 * Origin's host and port against the Host header. A Host without a port is
 * the scheme's default, so it matches an Origin without one; a Host with a
 * port matches the Origin's port, written or implied ("example.com:443"
 * against "https://example.com").
 */
function sameHost(origin: URL, host: string): boolean {
  // A name (browsers send IDNs as punycode) or a bracketed IPv6 literal: a Host with a path or userinfo in it is no host.
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match?.[1]) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}`).hostname;
  } catch {
    return false;
  }
  if (hostname !== origin.hostname) return false;
  const port = match[2];
  if (port === undefined) return origin.port === "";
  return Number(port) === Number(origin.port || DEFAULT_PORT[origin.protocol]);
}

/** A header value for the log: quoted, escaped and short, so a client cannot write lines of its own into it. */
function quoted(value: string): string {
  return JSON.stringify(value.slice(0, 120));
}
