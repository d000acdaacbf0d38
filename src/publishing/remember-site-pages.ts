/**
 * Fills the story → pages map from the current listing at start, where there
 * is none yet (the shared one in Redis with REDIS_URL, else the process's);
 * a failure is logged and the first webhook lists instead.
 */
import { refreshContentFor, siteQueries } from "../content/access/site-content";
import { runAtPriority } from "../content/access/rate-limit/request-priority";
import type { KnownPagesStore } from "./known-pages-store";
import { siteKnownPagesStore } from "./site-known-pages";
import { mapSitePages } from "./site-pages";

/** Also tells the page gate which pages exist (a newer listing another instance made is kept). */
export async function rememberSitePages(store: KnownPagesStore = siteKnownPagesStore()): Promise<void> {
  try {
    const listedAt = Date.now();
    const pages = await runAtPriority("regeneration", async () => {
      await refreshContentFor("on-demand");
      return mapSitePages(await siteQueries().listPublishedStories());
    });
    // A map that is there already is kept: a webhook's is newer, and an older one still has the stories deleted since.
    await store.keepListing(pages, listedAt, { ifAbsent: true });
    // Said once: from here on a page published since the build is served, and the gate knows it.
    console.info(`revalidate: the published stories listed at start: ${pages.all.length} pages known`);
  } catch (error) {
    console.error(`revalidate: could not list the stories at start (the first webhook will): ${String(error)}`);
  }
}
