/**
 * What pages import: story queries on the process-wide content client.
 * One client per process, so the rate limit, the cv and the cache of
 * published answers are shared by every page a build worker renders.
 */
import type { PageStory, ProjectStory, SiteConfigStory } from "../generated";
import { createContentClient } from "./client";
import { createContentQueries, type ContentQueries } from "./content-queries";
import { ContentConfigError } from "./content-source";

let queries: ContentQueries | undefined;
let configError: ContentConfigError | undefined;

function defaultQueries(): ContentQueries {
  if (configError) throw configError;
  try {
    queries ??= createContentQueries(createContentClient());
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

export async function getPageStory(slug: string): Promise<PageStory | null> {
  return defaultQueries().getPageStory(slug);
}

export async function getProjectStory(slug: readonly string[]): Promise<ProjectStory | null> {
  return defaultQueries().getProjectStory(slug);
}

/** Every project's slug as path segments after `projects/`, e.g. `["2024", "atlas"]`. */
export async function listProjectSlugs(): Promise<string[][]> {
  return defaultQueries().listProjectSlugs();
}

export async function getSiteConfig(): Promise<SiteConfigStory | null> {
  return defaultQueries().getSiteConfig();
}
