import { siteQueries } from "../content/access/site-content";
import type { ShownPage, ShownProject } from "../content/access/story-queries";
import { storyPath } from "../content/shaping/links";
import { PAGE_KINDS, type PageKind } from "../routes/site-routes";
import { LOCALES } from "../i18n/locales";
import { languageAlternates, pathInLocale } from "./alternates";
import { absoluteUrl } from "./seo";
import type { SitemapEntry } from "./sitemap";

/** Each page kind's published stories (src/routes/site-routes.ts): a kind added there is a compile error here until it has them. */
const STORIES_OF: Record<PageKind, () => Promise<(ShownPage | ShownProject)[]>> = {
  home: async () => {
    const home = await siteQueries().getPageStory(PAGE_KINDS.home.story);
    return home ? [home] : [];
  },
  // By path.
  project: async () => (await siteQueries().listProjectStories()).sort((a, b) => a.full_slug.localeCompare(b.full_slug, "en-us")),
};

/** The stories the site serves as pages, kind by kind as the route table lists them (the home page, then every project by path); each in every language. */
export async function sitemapEntries(origin: string): Promise<SitemapEntry[]> {
  const kinds = Object.keys(PAGE_KINDS) as PageKind[];
  const stories = (await Promise.all(kinds.map((kind) => STORIES_OF[kind]()))).flat();
  // Each page in every language (translations are field-level: every story has every language), each naming the others.
  return stories
    .filter((story) => story.content.noindex !== true)
    .flatMap((story) => {
      const path = storyPath(story.full_slug);
      const alternates = languageAlternates(path, origin);
      return LOCALES.map((locale) => ({
        loc: absoluteUrl(pathInLocale(path, locale), origin),
        ...(story.published_at && { lastmod: story.published_at }),
        alternates,
      }));
    });
}
