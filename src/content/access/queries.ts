/**
 * What pages import: story queries on the process-wide content clients
 * (site-content.ts). One client per token per process, whichever bundle
 * imports this, so the cv, the cache of published answers and the related
 * stories are shared by every page a build worker renders: the public
 * client for every published query, the preview client (when there is a
 * preview token) for the editor's drafts. Every request of every client
 * waits for the process's one request limiter (rate-limit/).
 */
import { isRevalidatingHere } from "./revalidating-here";
import type { ContentQueries, ListedStory, QueryOptions } from "./content-queries";
import { ContentConfigError } from "../sources/content-source";
import { siteContent, type SiteContent } from "./site-content";
import type { ShownPage, ShownProject, ShownSiteConfig } from "./story-queries";

let configError: ContentConfigError | undefined;

function content(): SiteContent {
  if (configError) throw configError;
  try {
    return siteContent();
  } catch (error) {
    if (error instanceof ContentConfigError) {
      // Logged once; every later query fails with the same error and sends nothing.
      console.error(`content: ${error.message}`);
      configError = error;
    }
    throw error;
  }
}

function defaultQueries(): ContentQueries {
  return content().queries;
}

export type { ListedStory, QueryOptions } from "./content-queries";
export { HOME_SLUG, isProjectSlug } from "./content-queries";

/**
 * Why a page's props are loaded: Next.js's `revalidateReason` for
 * getStaticProps, or `request` for a page rendered for one request and kept
 * nowhere (the editor's route), which reads what the process has: the cv
 * follower keeps that at most CONTENT_CV_TTL_SECONDS behind, and a request
 * anyone can send must not cost a cv look-up each (issue 36).
 */
export type RenderReason = "build" | "stale" | "on-demand" | "request" | undefined;

/**
 * Called first by every page's getStaticProps. A build reads one content
 * version throughout; any later render (on-demand revalidation after a
 * webhook, a stale page, a new path on first request) reads the latest one,
 * or this process would answer with the cache version it learned at start.
 * When the content API cannot be reached this throws, and Next.js keeps
 * serving the last good page instead of replacing it with an error.
 * `path` (the page's, with its locale prefix) lets a render of a webhook's
 * batch use the version that batch has just read.
 */
export async function refreshContentFor(reason: RenderReason, path?: string): Promise<void> {
  if (reason === "build" || reason === "request") return;
  // A page this process's webhook batch regenerates: the batch looked the version up just before (revalidating-here.ts).
  if (reason === "on-demand" && path !== undefined && isRevalidatingHere(path)) return;
  await defaultQueries().refresh();
}

/** Every published story with its id, uuid, full_slug and content (relations as uuids). */
export async function listPublishedStories(): Promise<ListedStory[]> {
  return defaultQueries().listPublishedStories();
}

/** Every published story's full slug (one `cdn/links` request per 1,000) and the content version it was read at. */
export async function listPublishedSlugs(): Promise<{ fullSlugs: string[]; cv: number | undefined }> {
  return defaultQueries().listPublishedSlugs();
}

/**
 * The content's version when it is known without a request: the embedded
 * content's, read from its files (checked at most every few seconds);
 * undefined for a content API, whose version only a request tells.
 */
export async function localContentVersion(): Promise<number | undefined> {
  return content().local ? contentVersionNow() : undefined;
}

/**
 * The content version this process reads now, without a request: the
 * embedded content's files, or the last cv a content API answered with
 * (undefined before the first answer).
 */
export async function contentVersionNow(): Promise<number | undefined> {
  const { published, local } = content();
  if (local) await published.syncCacheVersion();
  return published.cacheVersion() || undefined;
}

/** `options.preview: true` (preview mode only) asks for drafts; `language` for a translation. */
export async function getPageStory(slug: string, options?: QueryOptions): Promise<ShownPage | null> {
  return defaultQueries().getPageStory(slug, options);
}

export async function getProjectStory(slug: readonly string[], options?: QueryOptions): Promise<ShownProject | null> {
  return defaultQueries().getProjectStory(slug, options);
}

/** Every project's slug as path segments after `projects/`, e.g. `["2024", "atlas"]`. */
export async function listProjectSlugs(options?: QueryOptions): Promise<string[][]> {
  return defaultQueries().listProjectSlugs(options);
}

export async function listProjectStories(options?: QueryOptions): Promise<ShownProject[]> {
  return defaultQueries().listProjectStories(options);
}

export async function getSiteConfig(options?: QueryOptions): Promise<ShownSiteConfig | null> {
  return defaultQueries().getSiteConfig(options);
}

/** Stories by uuid (e.g. relation targets), unchecked. */
export async function getStoriesByUuids(uuids: readonly string[], options?: QueryOptions): Promise<unknown[]> {
  return defaultQueries().getStoriesByUuids(uuids, options);
}

/**
 * For the publishing side: shares `cv` (a content version a webhook learned)
 * with every instance through Redis, keeping the highest, and adopts it in
 * this process when it is newer. Without REDIS_URL, or while Redis is away,
 * only this process adopts it. Never rejects for Redis.
 */
export async function publishCv(cv: number): Promise<void> {
  const { sharedCv, published } = content();
  await sharedCv?.write(cv).catch(() => undefined);
  await published.followCacheVersion(cv);
}

/**
 * The content version instances follow: Redis's when REDIS_URL is set and
 * Redis answers (undefined when no instance wrote one yet), else this
 * process's own (undefined before its first answer).
 */
export async function sharedCv(): Promise<number | undefined> {
  const { sharedCv: shared, published } = content();
  if (shared) {
    try {
      return await shared.read();
    } catch {
      // Unreachable (logged once by the link): this process's own.
    }
  }
  return published.cacheVersion() || undefined;
}
