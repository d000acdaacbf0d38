/**
 * What pages import: story queries on the process-wide content clients.
 * One client per token per process, so the rate limit, the cv and the
 * cache of published answers are shared by every page a build worker
 * renders: the public client for every published query, the preview
 * client (when there is a preview token) for the editor's drafts.
 */
import type { PageStory, ProjectStory, SiteConfigStory } from "../generated";
import { createSiteClients } from "./client";
import { createContentQueries, type ContentQueries, type ListedStory, type QueryOptions } from "./content-queries";
import { ContentConfigError } from "./content-source";

let queries: ContentQueries | undefined;
let configError: ContentConfigError | undefined;

function defaultQueries(): ContentQueries {
  if (configError) throw configError;
  try {
    if (!queries) {
      const { published, preview } = createSiteClients();
      queries = createContentQueries(published, preview);
    }
    return queries;
  } catch (error) {
    if (error instanceof ContentConfigError) {
      // Logged once; every later query fails with the same error and sends nothing.
      console.error(`content: ${error.message}`);
      configError = error;
    }
    throw error;
  }
}

export type { ListedStory, QueryOptions } from "./content-queries";
export { HOME_SLUG, isProjectSlug } from "./content-queries";

/** Why Next.js runs getStaticProps (its `revalidateReason`). */
export type RenderReason = "build" | "stale" | "on-demand" | undefined;

/**
 * Called first by every page's getStaticProps. A build reads one content
 * version throughout; any later render (on-demand revalidation after a
 * webhook, a stale page, a new path on first request) reads the latest one,
 * or this process would answer with the cache version it learned at start.
 * When the content API cannot be reached this throws, and Next.js keeps
 * serving the last good page instead of replacing it with an error.
 */
export async function refreshContentFor(reason: RenderReason): Promise<void> {
  if (reason === "build") return;
  await defaultQueries().refresh();
}

/** Every published story with its id, uuid, full_slug and content (relations as uuids). */
export async function listPublishedStories(): Promise<ListedStory[]> {
  return defaultQueries().listPublishedStories();
}

/** `options.preview: true` (preview mode only) asks for drafts; `language` for a translation. */
export async function getPageStory(slug: string, options?: QueryOptions): Promise<PageStory | null> {
  return defaultQueries().getPageStory(slug, options);
}

export async function getProjectStory(slug: readonly string[], options?: QueryOptions): Promise<ProjectStory | null> {
  return defaultQueries().getProjectStory(slug, options);
}

/** Every project's slug as path segments after `projects/`, e.g. `["2024", "atlas"]`. */
export async function listProjectSlugs(options?: QueryOptions): Promise<string[][]> {
  return defaultQueries().listProjectSlugs(options);
}

export async function listProjectStories(options?: QueryOptions): Promise<ProjectStory[]> {
  return defaultQueries().listProjectStories(options);
}

export async function getSiteConfig(options?: QueryOptions): Promise<SiteConfigStory | null> {
  return defaultQueries().getSiteConfig(options);
}

/** Stories by uuid (e.g. relation targets), unchecked. */
export async function getStoriesByUuids(uuids: readonly string[], options?: QueryOptions): Promise<unknown[]> {
  return defaultQueries().getStoriesByUuids(uuids, options);
}
