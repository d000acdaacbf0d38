import type { NEXT_DATA } from "next/dist/shared/lib/utils";

/**
 * A published page served as static HTML (issue 11, phone speed).
 *
 * A prerendered page's server HTML is already the whole page. Hydrating it
 * makes a phone render every block again in JavaScript, a long task that
 * blocks taps (Lighthouse's Total Blocking Time), and needs the page's
 * props in the HTML: the story again, as JSON, which doubles what the
 * first round trip carries and pushes the first paint out by round trips.
 *
 * So a published prerendered page's `__NEXT_DATA__` carries a marker in
 * place of its props (StaticPageScript), and the app renders, for it, one
 * element that keeps the server's HTML (StaticPage); the few parts that do
 * something (the phone menu, scroll reveals, the contact form) attach to
 * that HTML as islands (islands.ts), with the same code a page React
 * renders runs. The page modules load their view (every renderer) with
 * next/dynamic, and a static page's data lists no dynamic import, so its
 * phone never downloads them. Next.js's router is there as on any page: a
 * client-side navigation fetches the next page's props and view and React
 * renders it.
 *
 * Everything else hydrates as a whole, with its props: pages rendered per
 * request (/contact, the error pages), the Visual Editor's draft pages
 * (live preview re-renders them), a fallback render, and `next dev`.
 */
export const STATIC_PAGE_PROP = "__staticPage";

export interface StaticPageProps {
  [STATIC_PAGE_PROP]: true;
}

export function isStaticPageProps(pageProps: unknown): pageProps is StaticPageProps {
  return typeof pageProps === "object" && pageProps !== null && (pageProps as Record<string, unknown>)[STATIC_PAGE_PROP] === true;
}

/** Pages that are never served as static HTML whatever their data says: the error views. */
const ALWAYS_HYDRATED = new Set(["/_error", "/404", "/500"]);

/**
 * The `__NEXT_DATA__` a page is served with: for a published prerendered
 * page, its own with the marker in place of the props; otherwise null (the
 * page keeps Next.js's own, props and all).
 */
export function staticPageData(data: NEXT_DATA, production = process.env.NODE_ENV === "production"): NEXT_DATA | null {
  if (!production || !data.gsp || data.isPreview || data.isFallback || data.err || ALWAYS_HYDRATED.has(data.page)) return null;
  const marker: StaticPageProps = { [STATIC_PAGE_PROP]: true };
  // Without its dynamic imports, too: Next.js would load them (the page's view) before hydrating, and React never renders it here.
  const { dynamicIds: _rendered, ...rest } = data;
  return { ...rest, props: { pageProps: marker, __N_SSG: true } };
}
