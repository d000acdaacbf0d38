import type { IncomingMessage } from "node:http";
import { SITE_URL } from "./site-url";

/**
 * The origin for absolute URLs in responses built per request. The
 * configured site URL when there is one; otherwise (development, a build
 * that warned) the request's own host, which a client controls, so such a
 * response must not be cached (see `cacheable`).
 */
export function requestOrigin(req: IncomingMessage): { origin: string; cacheable: boolean } {
  if (SITE_URL) return { origin: SITE_URL, cacheable: true };
  const host = req.headers.host && /^[a-z0-9.-]+(:\d+)?$/i.test(req.headers.host) ? req.headers.host : "localhost";
  return { origin: `http://${host}`, cacheable: false };
}
