/**
 * The pages one story webhook must refresh: everything that showed the story
 * before (its old page goes, or moves) and everything that shows it now.
 *
 * "Before" is the map of the previous listing. When it does not have the
 * story, or there is none at all (a cold map: nothing in Redis, nothing in
 * the process's memory), where the story was is unknown, so every page that
 * cannot be ruled out is refreshed:
 * - `deleted`, `moved`: the old page could be any, so every page;
 * - `unpublished`: its page, and every page that names a story the listing
 *   no longer has (the only pages that can still link to it);
 * - `published`: what shows the story now, as always.
 * "Every page" is the listing's pages, the previous map's, and those the
 * build made (`otherPages`): a deleted project's page is in none but the last.
 */
import { storyPagePath } from "../routes/site-routes";
import { pagesNamingUnlisted, pagesShowing, type SitePages } from "./site-pages";
import type { StoryWebhook } from "./webhook-payload";

export interface RefreshPlan {
  paths: string[];
  /** Set when the previous map did not have a deleted or moved story (or one no listing and no slug names): every page is refreshed instead. */
  unknownStory?: true;
  /** Set when there was no map from before at all. */
  coldMap?: true;
}

export function planRefresh(
  webhook: StoryWebhook,
  before: SitePages | undefined,
  after: SitePages,
  otherPages: readonly string[] = [],
): RefreshPlan {
  const flags = before ? {} : { coldMap: true as const };
  const known = [before?.stories.get(webhook.storyId), after.stories.get(webhook.storyId)];
  const named = webhook.fullSlug === undefined ? undefined : storyPagePath(webhook.fullSlug);
  // Where a story the previous map lacks used to be shown: anywhere, when it is gone or moved, or when nothing names it now.
  const oldPageUnknown = webhook.action === "deleted" || webhook.action === "moved" || (!known[1] && !named);
  if (!known[0] && oldPageUnknown) {
    const every = sorted([...after.all, ...(before?.all ?? []), ...otherPages]);
    return { paths: every, ...(before ? { unknownStory: true as const } : flags) };
  }
  const paths = new Set<string>();
  if (before && known[0]) pagesShowing(before, known[0]).forEach((path) => paths.add(path));
  if (known[1]) pagesShowing(after, known[1]).forEach((path) => paths.add(path));
  // The payload's slug counts even when the listing does not have the story
  // (yet): a new project's page, a page to turn into a 404.
  if (named) paths.add(named);
  if (!known[0] && !known[1] && webhook.action === "unpublished") pagesNamingUnlisted(after).forEach((path) => paths.add(path));
  return { paths: sorted(paths), ...flags };
}

function sorted(paths: Iterable<string>): string[] {
  return [...new Set(paths)].sort();
}
