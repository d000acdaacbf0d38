/**
 * Which story a page of the site shows, as a draft: what preview entry
 * checks `_storyblok` against. The editor's token is Storyblok's, made for
 * the space and not for one story, so nothing in it says which story it was
 * issued for; entry binds the draft session to the story the editor opened
 * by refusing a `_storyblok` that is not the story at the page it returns to.
 */
import type { QueryOptions } from "../content/access/content-queries";
import { siteQueries } from "../content/access/site-content";
import { pageAt } from "../routes/site-routes";

/** The id of the story the page at `path` shows in `options`' version, or undefined when it shows none. */
export async function storyIdAtPath(path: string, options: QueryOptions): Promise<number | undefined> {
  const { pathname } = new URL(path, "http://site.invalid");
  let segments: string[];
  try {
    // As Next.js hands a page its segments: split at `/`, each decoded (`/` is none).
    segments = pathname === "/" ? [] : pathname.slice(1).split("/").map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const page = pageAt(segments);
  return page && (await siteQueries().storyOfPage(page, options))?.id;
}
