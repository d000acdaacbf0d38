/**
 * The pages the build made, known without reading the build's output at
 * request time (issue 23). next.config.ts lists the site's pages once as
 * `next build` starts (the listing a webhook plans from: mapSitePages) and
 * passes them through Next.js's `env` option, which inlines
 * `process.env.SITE_BUILD_PAGES` into the compiled code, standalone output
 * and serverless functions included.
 *
 * A story deleted or moved before this process made its first listing has its
 * old page in no listing but, when it existed at build time, in this list:
 * "every page" includes them. A story published while the build runs may be
 * prerendered without being listed here; its page is in every listing made
 * after it, so it is missed only by a cold instance that gets its deletion
 * as its first webhook.
 */
import { siteQueries } from "../content/access/site-content";
import { mapSitePages } from "./site-pages";

/** The site's pages now, as next.config.ts hands them to the build (a JSON array of paths). */
export async function listBuildPages(): Promise<string> {
  return JSON.stringify(mapSitePages(await siteQueries().listPublishedStories()).all);
}

/**
 * The pages the build made: none where no build was made (`next dev`, unit
 * tests). A value that is not a list of paths throws: it can only come from a
 * change to next.config.ts, and a quiet empty list would hide it.
 */
export function builtPages(inlined: string | undefined = process.env.SITE_BUILD_PAGES): readonly string[] {
  if (!inlined) return [];
  const pages: unknown = JSON.parse(inlined);
  if (!Array.isArray(pages) || !pages.every((page): page is string => typeof page === "string" && page.startsWith("/"))) {
    throw new Error(`SITE_BUILD_PAGES is not a list of page paths: ${inlined.slice(0, 80)}`);
  }
  return pages;
}
