/**
 * How the Visual Editor's query parameters reach a page.
 *
 * Pages are static (getStaticProps), and a static page never sees its query
 * string; Next.js renders one at request time only in draft mode, which
 * needs a cookie set by an API route. So entry takes one redirect:
 *
 *   1. the proxy sees a framed request (`Sec-Fetch-Dest: iframe`) carrying
 *      `_storyblok_tk[token]` and no `_preview_checked` marker, and
 *      redirects it to `/api/preview?path=<page>&<the same parameters>`;
 *   2. the API route checks the token; when valid it enters draft mode
 *      (cookies made cross-site) with the story id, release and language as
 *      preview data; either way it redirects back to the page with every
 *      original parameter (the bridge reads `_storyblok*` from the address)
 *      plus the marker, so step 1 does not run again;
 *   3. next.config rewrites that request, framed and in draft mode, to the
 *      editor's page (src/pages/editor/[[...slug]].tsx, the one page that
 *      hydrates); it reads the preview data and serves the draft only when
 *      the story it shows is the one the editor opened.
 *
 * The marker only skips the redirect; it grants nothing. A reload (the
 * bridge's `change` event) keeps the address, so it is served from the cookie.
 * A new story opened in the editor comes with a fresh address, so it is checked again.
 *
 * The cookie alone is not enough: a page request that is not framed, or
 * whose address has no `_storyblok`, reaches the page without the draft-mode
 * cookies (the proxy drops them from the request), so it is published.
 */

import { editorRoutes } from "../routes/site-routes";

/** Added to the address after entry was tried, so the proxy lets the request through. */
export const CHECKED_MARKER = "_preview_checked";
const ENTRY_ROUTE = "/api/preview";

/** Where the proxy sends a page request, or undefined to let it through. */
export function entryRedirect(url: URL, headers: Pick<Headers, "get">): URL | undefined {
  if (headers.get("sec-fetch-dest") !== "iframe") return undefined;
  if (!url.searchParams.has("_storyblok_tk[token]") || url.searchParams.has(CHECKED_MARKER)) return undefined;
  const entry = new URL(ENTRY_ROUTE, url);
  for (const [key, value] of url.searchParams) entry.searchParams.append(key, value);
  entry.searchParams.set("path", url.pathname);
  return entry;
}

/** The page address entry returns to: `path` (already checked as our own) with the editor's parameters and the marker. */
export function returnAddress(path: string, query: URLSearchParams): string {
  const target = new URL(path, "http://site.invalid");
  for (const [key, value] of query) {
    if (key !== "path" && key !== CHECKED_MARKER) target.searchParams.append(key, value);
  }
  target.searchParams.set(CHECKED_MARKER, "1");
  return `${target.pathname}${target.search}`;
}

/** Next.js' draft-mode cookies (the bypass cookie and the preview data). */
export const DRAFT_MODE_COOKIES = ["__prerender_bypass", "__next_preview_data"] as const;

/** A request the Visual Editor makes for the story it has open: framed, with `_storyblok` in the address. */
export function isEditorRequest(url: URL, headers: Pick<Headers, "get">): boolean {
  return headers.get("sec-fetch-dest") === "iframe" && url.searchParams.has("_storyblok");
}

/**
 * next.config's rewrites to the editor's page: a page request that is the
 * editor's (isEditorRequest: framed, `_storyblok` in the address) and in
 * draft mode goes to the page that hydrates, at the same address. A rewrite
 * in next.config, not in the proxy: Next.js takes a proxy's rewrite to an
 * address whose host it wrote differently (`localhost` for `127.0.0.1`) as
 * one to another server, and proxies the request to itself. Next.js still
 * checks the draft-mode cookie's value itself: with a forged or stale one
 * the editor's page shows the published story.
 */
export function editorRewrites(): {
  source: string;
  destination: string;
  has: { type: "header" | "query" | "cookie"; key: string; value?: string }[];
}[] {
  const has = [
    { type: "header" as const, key: "sec-fetch-dest", value: "iframe" },
    { type: "query" as const, key: "_storyblok" },
    { type: "cookie" as const, key: DRAFT_MODE_COOKIES[0] },
  ];
  // Every page kind's route (src/routes/site-routes.ts), to the editor's page (EDITOR_ROUTE) at the same address.
  return editorRoutes().map((route) => ({ ...route, has }));
}

/** A Cookie header without the draft-mode cookies, or undefined when it had none of them. */
export function withoutDraftModeCookies(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  const pairs = cookieHeader
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "");
  const kept = pairs.filter((pair) => !(DRAFT_MODE_COOKIES as readonly string[]).includes(pair.slice(0, pair.indexOf("=")).trim()));
  return kept.length === pairs.length ? undefined : kept.join("; ");
}
