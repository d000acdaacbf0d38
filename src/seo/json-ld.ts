/**
 * Structured data for search engines, typed with schema-dts so a misspelt
 * property or a wrong value type fails to compile: a Person on the home page,
 * a CreativeWork on each project.
 */
import type { CreativeWork, Person, WithContext } from "schema-dts";
import type { NestableBlok, SiteConfigStory } from "../generated/index";
import type { ShownPage, ShownProject } from "../content/access/story-queries";
import { parseStoryblokDate } from "../content/shaping/dates";
import { hrefOf, storyPath } from "../content/shaping/links";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { pathInLocale } from "./alternates";
import { absoluteUrl } from "./seo";

/** The site owner's profiles elsewhere: every external http(s) link in the header and footer that is not a file. */
export function profileLinks(site: SiteConfigStory | null): string[] {
  const found = new Set<string>();
  // Iterative walk: content decides the depth, the stack must not.
  const pending: unknown[] = [...(site?.content.header ?? []), ...(site?.content.footer ?? [])];
  while (pending.length > 0) {
    const blok = pending.pop();
    if (typeof blok !== "object" || blok === null) continue;
    if ((blok as NestableBlok).component === "link" && "link" in blok) {
      const link = (blok as Extract<NestableBlok, { component: "link" }>).link;
      // A file (a CV, on Storyblok's asset host once in a space) is not a profile of the person.
      if (link?.linktype === "asset") continue;
      const href = hrefOf(link);
      if (href && /^https?:\/\//i.test(href)) found.add(href);
    }
    for (const value of Object.values(blok)) if (Array.isArray(value)) pending.push(...(value as unknown[]));
  }
  return [...found].sort();
}

function datePublished(story: { first_published_at?: string | null; published_at?: string | null }): string | undefined {
  return story.first_published_at || story.published_at || undefined;
}

export function personJsonLd(home: ShownPage, site: SiteConfigStory | null): WithContext<Person> {
  const page = home.content;
  const image = page.seo_image?.filename || site?.content.default_seo_image?.filename;
  const sameAs = profileLinks(site);
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: site?.content.site_name || home.name,
    url: absoluteUrl("/"),
    ...(page.seo_description && { description: page.seo_description }),
    ...(image && { image: absoluteUrl(image) }),
    ...(sameAs.length > 0 && { sameAs }),
  };
}

/** A project as a CreativeWork in the language its page shows it in (`inLanguage`, a BCP 47 code), at that language's address. */
export function creativeWorkJsonLd(
  story: ShownProject,
  site: SiteConfigStory | null,
  locale: Locale = DEFAULT_LOCALE,
): WithContext<CreativeWork> {
  const project = story.content;
  const started = parseStoryblokDate(project.started_on);
  const author = site?.content.site_name;
  const keywords = project.tags ?? [];
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: project.title,
    url: absoluteUrl(pathInLocale(storyPath(story.full_slug), locale)),
    inLanguage: locale,
    ...(project.summary && { description: project.summary }),
    ...(project.cover?.filename && { image: absoluteUrl(project.cover.filename) }),
    ...(started ? { dateCreated: started.toISOString().slice(0, 10) } : project.year ? { dateCreated: String(project.year) } : {}),
    // schema.org's datePublished is the first publication; a later publish (or a move to another space) changes only published_at.
    ...(datePublished(story) && { datePublished: datePublished(story) }),
    ...(keywords.length > 0 && { keywords: keywords.join(", ") }),
    ...(author && { author: { "@type": "Person", name: author, url: absoluteUrl("/") } }),
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: "<" is escaped so
 * a value such as "</script><script>…" from content cannot end the element.
 */
export function serialiseJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
