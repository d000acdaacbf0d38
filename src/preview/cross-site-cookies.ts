/**
 * The Visual Editor frames the site from another site (app.storyblok.com),
 * so the draft-mode cookies are third-party cookies there. They work only as
 * `SameSite=None; Secure`, and `Partitioned` (CHIPS) keeps them working in
 * browsers that block or partition third-party cookies. Next.js sets
 * SameSite/Secure itself only in production and never Partitioned, so the
 * Set-Cookie headers it writes are rewritten where they are produced.
 * Deleting a partitioned cookie also needs `Partitioned`, so exit goes through here too.
 */
import type { ServerResponse } from "node:http";

const REPLACED_ATTRIBUTES = /^(samesite|secure|partitioned)(=|$)/i;

/** One Set-Cookie value with SameSite=None; Secure; Partitioned in place of whatever it had. */
export function crossSiteCookie(setCookie: string): string {
  const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  const kept = attributes.filter((attribute) => attribute !== "" && !REPLACED_ATTRIBUTES.test(attribute));
  return [pair, ...kept, "SameSite=None", "Secure", "Partitioned"].join("; ");
}

/** Rewrites every Set-Cookie header already on `res`. */
export function makeCookiesCrossSite(res: Pick<ServerResponse, "getHeader" | "setHeader">): void {
  const current = res.getHeader("Set-Cookie");
  if (current === undefined) return;
  const values = Array.isArray(current) ? current : [String(current)];
  res.setHeader("Set-Cookie", values.map(crossSiteCookie));
}
