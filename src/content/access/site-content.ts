/**
 * The process's content, what pages ask for theirs: the site's two clients,
 * the story queries on them (`siteQueries()`) and what instances share (the
 * latest cv through Redis). One client per token per process, whichever
 * bundle imports this: Next.js may load src/content once per bundle (the
 * webhook's API route, each page, instrumentation), and a second copy would
 * hold a second cv, memo and set of related stories, and learn a publish
 * only when its own page asked. The public client serves every published
 * query, the preview client (when there is a preview token) the editor's
 * drafts; every request of every client waits for the process's one request
 * limiter (rate-limit/).
 */
import { createSiteClients, type ContentClient } from "./client";
import { createContentQueries, type ContentQueries } from "./content-queries";
import { ContentConfigError, readContentSource } from "../sources/content-source";
import { isRevalidatingHere } from "./revalidating-here";
import { processState } from "../../process/process-state";
import { createCvFollower, readCvTtlMs } from "./cv-follower";
import { processRedisLink } from "./shared/process-redis";
import { createSharedCvStore, sharedCvKey, type SharedCvStore } from "./shared/shared-cv-store";

export interface SiteContent {
  queries: ContentQueries;
  /** The public client: its cv is the one published answers are kept for. */
  published: ContentClient;
  /** The latest cv shared by every instance; absent without REDIS_URL (and for the embedded content). */
  sharedCv?: SharedCvStore;
  /** Whether the content is the embedded one, read in-process (its cv is known without a request). */
  local?: boolean;
}

/** `next build` sets it in the build and its workers: a build reads one content version throughout. */
const BUILD_PHASE = "phase-production-build";

/** Throws ContentConfigError (a missing token, a malformed REDIS_URL or TTL) before anything is sent. */
export function createSiteContent(env: Readonly<Record<string, string | undefined>> = process.env): SiteContent {
  const source = readContentSource(env);
  const ttlMs = readCvTtlMs(env);
  const { published, preview } = createSiteClients({ source });
  if (source.kind === "local") {
    // The embedded content's files are the truth, read in-process (ContentClient.syncCacheVersion).
    return { queries: createContentQueries(published, preview), published, local: true };
  }
  const link = processRedisLink(env);
  const sharedCv = link && createSharedCvStore(link, sharedCvKey(source.endpoint ?? source.region ?? "eu", source.token));
  const follower = createCvFollower({
    ttlMs: env.NEXT_PHASE === BUILD_PHASE ? 0 : ttlMs,
    shared: sharedCv,
    askApi: () => published.refreshCacheVersion(),
    adopt: (cv) => published.followCacheVersion(cv),
  });
  const queries = createContentQueries(published, preview, {
    followCv: () => follower.follow(),
    ...(sharedCv && { shareCv: (cv: number) => sharedCv.write(cv) }),
  });
  return { queries, published, ...(sharedCv && { sharedCv }) };
}

let configError: ContentConfigError | undefined;

/**
 * The process's site content, made on first use. When the configuration is
 * wrong (a missing token) it throws ContentConfigError, logged once: every
 * later query fails with the same error and sends nothing.
 */
function siteContent(): SiteContent {
  if (configError) throw configError;
  try {
    return processState("portfolio.content.site", () => createSiteContent());
  } catch (error) {
    if (error instanceof ContentConfigError) {
      console.error(`content: ${error.message}`);
      configError = error;
    }
    throw error;
  }
}

/** The story queries on the process's clients: what a page asks for its content. */
export function siteQueries(): ContentQueries {
  return siteContent().queries;
}

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
  await siteQueries().refresh();
}

/**
 * The content's version when it is known without a request: the embedded
 * content's, read from its files (checked at most every few seconds);
 * undefined for a content API, whose version only a request tells.
 */
export async function localContentVersion(): Promise<number | undefined> {
  return siteContent().local ? contentVersionNow() : undefined;
}

/**
 * The content version this process reads now, without a request: the
 * embedded content's files, or the last cv a content API answered with
 * (undefined before the first answer).
 */
export async function contentVersionNow(): Promise<number | undefined> {
  const { published, local } = siteContent();
  if (local) await published.syncCacheVersion();
  return published.cacheVersion() || undefined;
}
