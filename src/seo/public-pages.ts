import { getPageStory, HOME_SLUG, listProjectStories } from "../content/access/queries";
import { storyPath } from "../content/shaping/links";
import { absoluteUrl } from "./seo";
import type { SitemapEntry } from "./sitemap";

/** The stories the site serves as pages: the home page, then every project by path. */
export async function sitemapEntries(origin: string): Promise<SitemapEntry[]> {
  const [home, projects] = await Promise.all([getPageStory(HOME_SLUG), listProjectStories()]);
  const pages = [
    ...(home ? [{ story: home, noindex: home.content.noindex }] : []),
    ...projects
      .map((story) => ({ story, noindex: story.content.noindex }))
      .sort((a, b) => a.story.full_slug.localeCompare(b.story.full_slug, "en-us")),
  ];
  return pages
    .filter((page) => page.noindex !== true)
    .map(({ story }) => ({
      loc: absoluteUrl(storyPath(story.full_slug), origin),
      ...(story.published_at && { lastmod: story.published_at }),
    }));
}
