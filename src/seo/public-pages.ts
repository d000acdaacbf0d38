import { getPageStory, HOME_SLUG, listProjectStories } from "../content/access/queries";
import { storyPath } from "../content/shaping/links";
import { LOCALES } from "../i18n/locales";
import { languageAlternates, pathInLocale } from "./alternates";
import { absoluteUrl } from "./seo";
import type { SitemapEntry } from "./sitemap";

/** The stories the site serves as pages: the home page, then every project by path; each in every language. */
export async function sitemapEntries(origin: string): Promise<SitemapEntry[]> {
  const [home, projects] = await Promise.all([getPageStory(HOME_SLUG), listProjectStories()]);
  const pages = [
    ...(home ? [{ story: home, noindex: home.content.noindex }] : []),
    ...projects
      .map((story) => ({ story, noindex: story.content.noindex }))
      .sort((a, b) => a.story.full_slug.localeCompare(b.story.full_slug, "en-us")),
  ];
  // Each page in every language (translations are field-level: every story has every language), each naming the others.
  return pages
    .filter((page) => page.noindex !== true)
    .flatMap(({ story }) => {
      const path = storyPath(story.full_slug);
      const alternates = languageAlternates(path, origin);
      return LOCALES.map((locale) => ({
        loc: absoluteUrl(pathInLocale(path, locale), origin),
        ...(story.published_at && { lastmod: story.published_at }),
        alternates,
      }));
    });
}
