/**
 * The pages one story webhook must refresh: everything that showed the story
 * before (its old page goes, or moves) and everything that shows it now.
 */
import { pagePath, pagesShowing, type SitePages } from "./site-pages";
import type { StoryWebhook } from "./webhook-payload";

export interface RefreshPlan {
  paths: string[];
  /** Set when the story was known to neither listing: every page is refreshed instead. */
  unknownStory?: true;
}

export function planRefresh(webhook: StoryWebhook, before: SitePages | undefined, after: SitePages): RefreshPlan {
  const paths = new Set<string>();
  const known = [before?.stories.get(webhook.storyId), after.stories.get(webhook.storyId)];
  if (before && known[0]) pagesShowing(before, known[0]).forEach((path) => paths.add(path));
  if (known[1]) pagesShowing(after, known[1]).forEach((path) => paths.add(path));
  // The payload's slug counts even when the listing does not have the story
  // (yet): a new project's page, a page to turn into a 404.
  const named = webhook.fullSlug === undefined ? undefined : pagePath(webhook.fullSlug);
  if (named) paths.add(named);
  if (!known[0] && !known[1] && !named) {
    // A story neither listing has (deleted before this process first listed): any page may have shown it.
    return { paths: [...after.all], unknownStory: true };
  }
  return { paths: [...paths].sort() };
}
