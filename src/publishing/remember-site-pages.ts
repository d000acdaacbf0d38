/**
 * Fills the story → pages map from the current listing at start, where there
 * is none yet (the shared one in Redis with REDIS_URL, else the process's);
 * a failure is logged and the first webhook lists instead.
 */
import { listPublishedStories, refreshContentFor } from "../content/queries";
import type { KnownPages } from "./known-pages";
import { siteKnownPages } from "./site-known-pages";
import { mapSitePages } from "./site-pages";

export async function rememberSitePages(known: KnownPages = siteKnownPages()): Promise<void> {
  try {
    await refreshContentFor("on-demand");
    const pages = mapSitePages(await listPublishedStories());
    // A map that is there already is kept: a webhook's is newer, and an older one still has the stories deleted since.
    await known.setIfAbsent(pages);
  } catch (error) {
    console.error(`revalidate: could not list the stories at start (the first webhook will): ${String(error)}`);
  }
}
