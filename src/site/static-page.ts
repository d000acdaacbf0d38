import type { NEXT_DATA } from "next/dist/shared/lib/utils";
import { islandScripts } from "./islands-files";

/**
 * A published page served as static HTML (issue 11, phone speed).
 *
 * A prerendered page's server HTML is already the whole page. Hydrating it
 * makes a phone download and run Next.js's client runtime and React, then
 * render every block again in JavaScript, only to find the markup already
 * there: the longest tasks while the page loads (Lighthouse's Total
 * Blocking Time), and the page's props in its HTML, the story again as
 * JSON.
 *
 * So a published prerendered page is served with:
 * - a `__NEXT_DATA__` whose props are a marker (StaticPageScript): the story
 *   is in the page once, as markup;
 * - the islands script in place of Next.js's (PaintFirstHead,
 *   src/site/islands-build.ts): the few parts that do something (the phone
 *   menu, scroll reveals, the contact form) attach to the markup with the
 *   same DOM code a page React renders runs, and nothing else runs.
 *
 * Its links are plain links: following one loads the next page, itself
 * static HTML. Everything else hydrates as a whole, with its props and
 * Next.js's router: pages rendered per request (/contact, the error pages),
 * the Visual Editor's draft pages (live preview re-renders them), a
 * fallback render, `next dev`, and every page when the build has no
 * islands script to serve.
 */
export const STATIC_PAGE_PROP = "__staticPage";

export interface StaticPageProps {
  [STATIC_PAGE_PROP]: true;
}

/** Pages that are never served as static HTML whatever their data says: the error views. */
const ALWAYS_HYDRATED = new Set(["/_error", "/404", "/500"]);

export interface StaticPage {
  /** The page's `__NEXT_DATA__`, its props replaced by the marker. */
  data: NEXT_DATA;
  /** The scripts it loads: the islands script's files, in order. */
  scripts: readonly string[];
}

/**
 * How a page is served as static HTML: its data and its scripts; null for a
 * page that hydrates as a whole (it keeps Next.js's data and scripts).
 * `islands` are the build's islands scripts, null when it has none.
 */
export function staticPage(data: NEXT_DATA, islands: readonly string[] | null, production = process.env.NODE_ENV === "production"): StaticPage | null {
  if (!islands || !production || !data.gsp || data.isPreview || data.isFallback || data.err || ALWAYS_HYDRATED.has(data.page)) return null;
  const marker: StaticPageProps = { [STATIC_PAGE_PROP]: true };
  // Nor its dynamic imports, which only React's render of the page (its view) would use.
  const { dynamicIds: _rendered, ...rest } = data;
  return { data: { ...rest, props: { pageProps: marker, __N_SSG: true } }, scripts: islands };
}

/** `staticPage` for the page a document is rendering, with the build's islands scripts (PaintFirstHead and StaticPageScript ask alike). */
export function staticPageOfDocument({ __NEXT_DATA__, assetPrefix }: { __NEXT_DATA__: NEXT_DATA; assetPrefix?: string }): StaticPage | null {
  return staticPage(__NEXT_DATA__, islandScripts(assetPrefix));
}
