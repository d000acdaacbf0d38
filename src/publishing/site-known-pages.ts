/**
 * What the site knows about its pages (known-pages-store.ts): in Redis when
 * REDIS_URL is set (one connection per process, whichever module asks), else
 * in the process's memory as on a single server. A REDIS_URL that is not a
 * Redis URL is said once and the store stays in memory: webhooks and the
 * page gate keep working on this instance.
 */
import { openRedisLink, type RedisLink } from "../redis/redis-link.mjs";
import { readRedisUrl, redisUrlProblem } from "../redis/redis-url.mjs";
import { processState } from "../process/process-state";
import { memoryKnownPagesStore, type KnownPagesHeld, type KnownPagesStore } from "./known-pages-store";
import { redisKnownPagesStore } from "./redis-known-pages-store";

/** A command that has not answered by then is taken as Redis not answering: a webhook must not wait on it. */
const COMMAND_TIMEOUT_MS = 1000;
/** The first command waits this long for the first connection; later ones never wait. */
const FIRST_CONNECT_MS = 1000;

interface PublishingRedis {
  links: Map<string, RedisLink>;
  warned: boolean;
}

function publishingRedis(): PublishingRedis {
  return processState<PublishingRedis>("portfolio.publishing-redis", () => ({ links: new Map(), warned: false }));
}

/** The link the known pages are kept through. */
export function openMapLink(url: string, log?: { warn(line: string): void; info(line: string): void }): RedisLink {
  return openRedisLink(url, {
    user: "revalidate",
    meanwhile: "the story → pages map is kept in this process's memory until it is back",
    afterwards: "the story → pages map is shared again",
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    connectWaitMs: FIRST_CONNECT_MS,
    ...(log && { log }),
  });
}

/**
 * The process's link for what publishing shares through Redis (the story →
 * pages map, the known page paths); undefined without REDIS_URL, or with one
 * that is not a Redis URL (said once: webhooks keep working on this instance).
 */
function publishingRedisLink(env: Readonly<Record<string, string | undefined>>): RedisLink | undefined {
  const url = readRedisUrl(env);
  if (!url) return undefined;
  const state = publishingRedis();
  const problem = redisUrlProblem(url);
  if (problem) {
    if (!state.warned)
      console.error(`revalidate: ${problem}; the story → pages map and the known pages are kept in this process's memory only`);
    state.warned = true;
    return undefined;
  }
  let link = state.links.get(url);
  if (!link) {
    link = openMapLink(url);
    state.links.set(url, link);
  }
  return link;
}

/** The process's store: its memory, and Redis's when `link` is given. */
export function processKnownPagesStore(link?: RedisLink): KnownPagesStore {
  const held = processState<KnownPagesHeld>("portfolio.known-pages", () => ({}));
  return link ? redisKnownPagesStore(link, held) : memoryKnownPagesStore(held);
}

/** The site's store: the process's, shared through Redis with REDIS_URL. */
export function siteKnownPagesStore(env: Readonly<Record<string, string | undefined>> = process.env): KnownPagesStore {
  return processKnownPagesStore(publishingRedisLink(env));
}
