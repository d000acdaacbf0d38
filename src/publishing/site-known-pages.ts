/**
 * The site's story → pages map: in Redis when REDIS_URL is set (one
 * connection per process, whichever module asks), else in the process's
 * memory as on a single server. A REDIS_URL that is not a Redis URL is said
 * once and the map stays in memory: webhooks keep working on this instance.
 */
import { processKnownPages, type KnownPages } from "./known-pages";
import { connectRedis, readRedisUrl, type RedisLink } from "./redis-connection";
import { redisKnownPages } from "./redis-known-pages";

const STATE = Symbol.for("portfolio.publishing-redis");

interface ProcessState {
  links: Map<string, RedisLink>;
  warned: boolean;
}

function processState(): ProcessState {
  const global = globalThis as typeof globalThis & { [STATE]?: ProcessState };
  return (global[STATE] ??= { links: new Map(), warned: false });
}

export function siteKnownPages(env: Readonly<Record<string, string | undefined>> = process.env): KnownPages {
  const memory = processKnownPages();
  const config = readRedisUrl(env);
  const state = processState();
  if ("problem" in config) {
    if (!state.warned) console.error(`revalidate: ${config.problem}; the story → pages map is kept in this process's memory only`);
    state.warned = true;
    return memory;
  }
  if (!config.url) return memory;
  let link = state.links.get(config.url);
  if (!link) {
    link = connectRedis(config.url, { shared: "the story → pages map" });
    state.links.set(config.url, link);
  }
  return redisKnownPages(link, memory);
}
