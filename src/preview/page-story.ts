/**
 * The story a page shows, fetched as its page's loader fetches it: what the
 * editor's checks (story-at-path.ts) and local live editing
 * (live-content.ts) compare and send.
 */
import type { QueryOptions } from "../content/access/content-queries";
import { siteQueries } from "../content/access/site-content";
import type { ShownPage, ShownProject } from "../content/access/story-queries";
import { PAGE_KINDS, type PageKind, type PageOf, type SitePage } from "../routes/site-routes";

/** Each page kind's story query: a kind added to the route table is a compile error here until it has one. */
const STORY_OF: { [K in PageKind]: (page: PageOf<K>, options: QueryOptions) => Promise<ShownPage | ShownProject | null> } = {
  home: (_page, options) => siteQueries().getPageStory(PAGE_KINDS.home.story, options),
  project: (page, options) => siteQueries().getProjectStory(page.segments, options),
};

/** The story `page` shows in `options`' version, or null when there is none. */
export function pageStory<K extends PageKind>(
  page: PageOf<K> & SitePage,
  options: QueryOptions = {},
): Promise<ShownPage | ShownProject | null> {
  const query = STORY_OF[page.kind] as (page: PageOf<K>, options: QueryOptions) => Promise<ShownPage | ShownProject | null>;
  return query(page, options);
}
