/**
 * Set on <html> once the page's scripts have taken over its markup: React
 * has hydrated it (its first effects run only after the whole tree has
 * committed), or, on a page served as static HTML, its islands have
 * attached (src/site/islands-entry.ts). `window.next` is no such sign:
 * Next.js sets it before hydration starts, and its router a moment later,
 * and a static page has none. Browser tests wait for this attribute.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
}
