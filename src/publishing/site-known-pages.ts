/**
 * The site's story → pages map: in Redis when REDIS_URL is set (one
 * connection per process, whichever module asks), else in the process's
 * memory as on a single server. A REDIS_URL that is not a Redis URL is said
 * once and the map stays in memory: webhooks keep working on this instance.
 */
import { openRedisLink, type RedisLink } from "../redis/redis-link.mjs";
import { readRedisUrl, redisUrlProblem } from "../redis/redis-url.mjs";
import { processKnownPages, type KnownPages } from "./known-pages";
import { redisKnownPages } from "./redis-known-pages";
import { processState } from "../process/process-state";

/** A command that has not answered by then is taken as Redis not answering: a webhook must not wait on it. */
export const COMMAND_TIMEOUT_MS = 1000;
/** The first command waits this long for the first connection; later ones never wait. */
export const FIRST_CONNECT_MS = 1000;

interface PublishingRedis {
  links: Map<string, RedisLink>;
  warned: boolean;
}

function publishingRedis(): PublishingRedis {
  return processState<PublishingRedis>("portfolio.publishing-redis", () => ({ links: new Map(), warned: false }));
}

/** The link the story → pages map is kept through. */
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
export function publishingRedisLink(env: Readonly<Record<string, string | undefined>> = process.env): RedisLink | undefined {
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

export function siteKnownPages(env: Readonly<Record<string, string | undefined>> = process.env): KnownPages {
  const link = publishingRedisLink(env);
  return link ? redisKnownPages(link, processKnownPages()) : processKnownPages();
}
