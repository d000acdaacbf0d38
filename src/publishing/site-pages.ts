/**
 * Which pages show which story, from a listing of the published stories:
 * a story's own page, every page whose content names its uuid (a card list,
 * related projects, a story link), and every page for the site settings
 * (header and footer). Kept from one webhook to the next, so a story that is
 * gone from the listing (deleted, unpublished, moved) still has its old page.
 */
import type { ListedStory } from "../content/access/content-queries";
import { SITE_CONFIG_SLUG, storyPagePath } from "../routes/site-routes";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface KnownStory {
  uuid: string;
  fullSlug: string;
}

export interface SitePages {
  stories: ReadonlyMap<number, KnownStory>;
  /** uuid → the pages whose content names it. */
  shownOn: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every page a story has, sorted. */
  all: readonly string[];
}

/**
 * Every uuid-shaped string in a story's content (relations, story links, link
 * marks), except the ids of blocks, which name no story: a block's `_uid`
 * and a rich-text `blok` node's `attrs.id`. A loop, not recursion, so no
 * nesting depth can overflow the stack.
 */
function namedUuids(content: unknown): Set<string> {
  const found = new Set<string>();
  const pending: unknown[] = [content];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (UUID.test(value)) found.add(value.toLowerCase());
    } else if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (typeof value === "object" && value !== null) {
      const blokNode = (value as { type?: unknown }).type === "blok";
      for (const [key, field] of Object.entries(value)) {
        if (key === "_uid") continue;
        if (blokNode && key === "attrs" && typeof field === "object" && field !== null) {
          pending.push(Object.entries(field as Record<string, unknown>).filter(([name]) => name !== "id"));
        } else {
          pending.push(field);
        }
      }
    }
  }
  return found;
}

export function mapSitePages(listed: readonly ListedStory[]): SitePages {
  const stories = new Map<number, KnownStory>();
  const all = new Set<string>();
  for (const story of listed) {
    stories.set(story.id, { uuid: story.uuid.toLowerCase(), fullSlug: story.full_slug });
    const own = storyPagePath(story.full_slug);
    if (own) all.add(own);
  }
  const sorted = [...all].sort();
  const shownOn = new Map<string, Set<string>>();
  for (const story of listed) {
    const own = storyPagePath(story.full_slug);
    // The site settings are on every page, and so is whatever they name.
    const pages = story.full_slug === SITE_CONFIG_SLUG ? sorted : own ? [own] : [];
    for (const uuid of namedUuids(story.content)) {
      if (uuid === story.uuid.toLowerCase()) continue;
      const set = shownOn.get(uuid) ?? new Set<string>();
      pages.forEach((page) => set.add(page));
      shownOn.set(uuid, set);
    }
  }
  return { stories, shownOn, all: sorted };
}

/** The pages that show `story` according to `pages`: its own, those naming it, all of them for the site settings. */
export function pagesShowing(pages: SitePages, story: KnownStory): string[] {
  if (story.fullSlug === SITE_CONFIG_SLUG) return [...pages.all];
  const own = storyPagePath(story.fullSlug);
  return [...(own ? [own] : []), ...(pages.shownOn.get(story.uuid) ?? [])];
}

/**
 * The pages whose content names a story the listing does not have (an
 * unpublished or deleted story, a draft never published): the only pages
 * that can still link to a story gone from the listing whose uuid is not
 * known. Every other page names listed stories only.
 */
export function pagesNamingUnlisted(pages: SitePages): string[] {
  const listed = new Set([...pages.stories.values()].map((story) => story.uuid));
  const found = new Set<string>();
  for (const [uuid, shownOn] of pages.shownOn) if (!listed.has(uuid)) shownOn.forEach((page) => found.add(page));
  return [...found].sort();
}
