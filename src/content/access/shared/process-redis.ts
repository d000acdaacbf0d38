/**
 * REDIS_URL, and the process's one content link to it (src/redis): the
 * window of recent requests (rate-limit/redis-window.ts) and the latest
 * content version (shared-cv-store.ts). On globalThis: Next.js may load
 * src/content once per bundle (API route, each page, instrumentation), and
 * the process needs one connection, one outage log.
 */
import { openRedisLink, type RedisLink } from "../../../redis/redis-link.mjs";
import { readRedisUrl, redisUrlProblem } from "../../../redis/redis-url.mjs";
import { ContentConfigError } from "../../sources/content-source";
import { processState } from "../../../process/process-state";

/** A command that takes longer counts as Redis being unreachable: the request it gates must not wait on it. */
const COMMAND_TIMEOUT_MS = 500;
/** How long the first command waits for the first connection, not to be logged as an outage. */
const CONNECT_WAIT_MS = 2000;

/**
 * REDIS_URL when set: a redis:// or rediss:// URL. Anything else stops with
 * an error naming the variable: it is never read as something else.
 */
export function contentRedisUrl(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const url = readRedisUrl(env);
  const problem = url && redisUrlProblem(url);
  if (problem) throw new ContentConfigError(`${problem} (or unset REDIS_URL)`);
  return url;
}

/** The link the content side keeps its shared state through. */
export function openContentLink(url: string, log?: { warn(line: string): void; info(line: string): void }): RedisLink {
  return openRedisLink(url, {
    user: "content",
    meanwhile: "until it is back, each instance counts its own content API requests and reads the content version from the API",
    afterwards: "instances share the content API's limit and the content version again",
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    connectWaitMs: CONNECT_WAIT_MS,
    ...(log && { log }),
  });
}

/** The process's link to REDIS_URL's Redis; undefined without REDIS_URL. */
export function processRedisLink(env: Readonly<Record<string, string | undefined>> = process.env): RedisLink | undefined {
  const url = contentRedisUrl(env);
  if (!url) return undefined;
  const links = processState("portfolio.content.redis", () => new Map<string, RedisLink>());
  let link = links.get(url);
  if (!link) links.set(url, (link = openContentLink(url)));
  return link;
}
