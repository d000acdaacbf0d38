import type { StoryblokLink } from "../../generated/index";
import { localePath, splitLocalePath } from "../../i18n/locale-paths";
import { safeHref } from "../../security/safe-url";

/** The story whose slug is the site root; Storyblok links to it by this slug. */
const HOME_SLUG = "home";

/**
 * A story's full slug as a site path: "home" is "/", the rest keep their
 * folders. A story read in another language has its code first
 * (`nl/projects/x`, `nl/home`), as its page's address does (`/nl`).
 */
export function storyPath(fullSlug: string): string {
  const slug = fullSlug.replace(/^\/+|\/+$/g, "");
  const { locale, path } = splitLocalePath(`/${slug}`);
  const page = path === "/" || path === `/${HOME_SLUG}` ? "/" : path;
  return localePath(locale, page);
}

function withAnchor(path: string, anchor: string | undefined): string {
  return anchor ? `${path}#${anchor}` : path;
}

/**
 * Where a multilink points, or null when it points nowhere (empty link
 * fields arrive with every string empty) or somewhere unsafe.
 */
export function hrefOf(link: StoryblokLink | undefined): string | null {
  if (!link) return null;
  switch (link.linktype) {
    case "story": {
      // The target's full slug when the link was saved: no query resolves links (story-queries.ts).
      const slug = link.cached_url;
      if (!slug && !link.anchor) return null;
      // A link to the page's own section ("#work") keeps no path when the slug is empty.
      return withAnchor(slug ? storyPath(slug) : "", link.anchor);
    }
    case "url":
      // Editors type "www.example.com"; without a scheme the browser would read it as a relative path.
      return safeHref(/^www\./i.test(link.url) ? `https://${link.url}` : link.url);
    case "email":
      return link.email ? safeHref(`mailto:${link.email}`) : null;
    case "asset":
      return safeHref(link.url);
  }
}
