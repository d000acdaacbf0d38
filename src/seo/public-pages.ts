import { siteQueries } from "../content/access/site-content";
import { storyPath } from "../content/shaping/links";
import { LOCALES } from "../i18n/locales";
import { PAGE_KINDS, type PageKind } from "../routes/site-routes";
import { languageAlternates, pathInLocale } from "./alternates";
import { absoluteUrl } from "./seo";
import type { SitemapEntry } from "./sitemap";

/** The stories the site serves as pages, kind by kind as the route table lists them (the home page, then every project by path); each in every language. */
export async function sitemapEntries(origin: string): Promise<SitemapEntry[]> {
  const kinds = Object.keys(PAGE_KINDS) as PageKind[];
  const byKind = await Promise.all(kinds.map((kind) => siteQueries().storiesOfKind(kind)));
  const stories = byKind.flatMap((list) => [...list].sort((a, b) => a.full_slug.localeCompare(b.full_slug, "en-us")));
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
