/**
 * The process's content: the site's two clients, the queries on them and
 * what instances share (the latest cv through Redis). On globalThis, as
 * src/contact/server/runtime.ts: Next.js may load src/content once per bundle (the
 * webhook's API route, each page, instrumentation), and a second copy would
 * hold a second cv, memo and set of related stories, and learn a publish
 * only when its own page asked.
 */
import { createSiteClients, type ContentClient } from "./client";
import { createContentQueries, type ContentQueries } from "./content-queries";
import { readContentSource } from "../sources/content-source";
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

const KEY = Symbol.for("portfolio.content.site");

interface Holder {
  [KEY]?: SiteContent;
}

/** The process's site content, made on first use; a ContentConfigError is thrown (and not kept) when the configuration is wrong. */
export function siteContent(): SiteContent {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= createSiteContent());
}
