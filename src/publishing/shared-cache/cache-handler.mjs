// @ts-check
/**
 * Next.js's ISR page cache in Redis, shared by every instance of one build
 * (issue 22). next.config.ts points `cacheHandler` here only when REDIS_URL
 * is set (see next-config.ts); Next.js imports this file as it is, without
 * compiling it, hence plain JavaScript checked by `// @ts-check`.
 *
 * Handlers, in the order @fortedigital/nextjs-cache-handler tries them:
 *   1. redis-strings: the shared copy. A miss there is a miss: Redis is the
 *      truth while it answers, so a page another instance regenerated is what
 *      this one serves.
 *   2. local-lru: this process's own copy of every page it rendered or read
 *      (the package's LRU, bounded), read only when Redis fails (down, slower
 *      than COMMAND_TIMEOUT_MS, or skipped for SKIP_AFTER_FAILURE_MS once it
 *      looks gone): pages keep being served from what the instance has. The
 *      package reads the next handler only when one throws, never on a miss.
 * Writes go to both. With `cacheMaxMemorySize: 0` Next.js keeps no memory
 * cache of its own in front, so no instance answers from memory while Redis
 * works.
 *
 * Keys carry the build id: two builds sharing a Redis (a deploy rolling out)
 * never serve each other's pages, whose HTML names their own chunks.
 * The build itself (`next build`) never connects: it may run where Redis is
 * not reachable. With a cache handler, Next.js 16 does not serve the build's
 * prerendered HTML: each page is rendered on its first request after a
 * deploy, by whichever instance gets that request, and read from Redis by
 * the others.
 */
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createLruHandler from "@fortedigital/nextjs-cache-handler/local-lru";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { openRedisLink } from "../../redis/redis-link.mjs";
import { redisWhere } from "../../redis/redis-url.mjs";
import { withSignalsAfterPendingIo } from "./signal-proxy.mjs";

/**
 * The longest one Redis command may hold a page: past it the page comes from
 * this instance's copy. A render holding the event loop past it does not
 * count against Redis when its answer came meanwhile (signal-proxy.mjs).
 */
export const COMMAND_TIMEOUT_MS = 1000;
/** After failures in a row (or a lost connection), reads skip Redis this long: a hung Redis costs a slow page per interval, not every page. */
export const SKIP_AFTER_FAILURE_MS = 2000;
/** Failures in a row that make Redis count as gone: one timeout on a busy server is not an outage. */
const FAILURES_FOR_OUTAGE = 2;
/** How long a starting server waits for Redis before serving without it. */
export const CONNECT_WAIT_MS = 2000;

/** @param {string | undefined} buildId */
export function pageKeyPrefix(buildId) {
  return `portfolio:pages:${(buildId ?? "unknown-build").trim()}:`;
}

/** @typedef {import("@fortedigital/nextjs-cache-handler/cache-handler.types").Handler} Handler */

/** @type {Promise<{ handlers: Handler[] }> | undefined} */
let configured;

CacheHandler.onCreation(({ buildId }) => {
  // One Redis connection per process, however often Next.js asks.
  configured ??= createHandlers(buildId);
  return configured;
});

/** @param {string | undefined} buildId */
async function createHandlers(buildId) {
  const local = createLruHandler();
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return { handlers: [local] };
  const url = process.env.REDIS_URL?.trim();
  if (!url) {
    // A standalone build made with REDIS_URL keeps this handler; started without it, it is one instance's cache.
    console.warn("shared page cache: REDIS_URL is not set where this server runs; pages are cached in this instance's memory only");
    return { handlers: [local] };
  }
  const link = openRedisLink(url, {
    user: "shared page cache",
    meanwhile: "this instance serves and renders pages on its own until Redis answers again (logged once)",
    afterwards: "the next webhook or regeneration refreshes what changed meanwhile",
    connectWaitMs: CONNECT_WAIT_MS,
    // A server lives long: a connection that died without closing (a host gone, not a process) is found by a ping.
    pingIntervalMs: 10_000,
  });
  /** @type {import("../../redis/redis-link.d.mts").RedisClient} */
  let client;
  try {
    client = await link.client;
  } catch (error) {
    // A URL node-redis refuses outright (next.config.ts checks it for `next start`; a standalone server reads it here).
    console.error(
      `shared page cache: REDIS_URL cannot be used (${error instanceof Error ? error.message : String(error)}); pages are cached in this instance's memory only`,
    );
    return { handlers: [local] };
  }
  // The starting server waits a little for Redis, then serves without it (its own copies) until it answers.
  await link.ready();
  // Once per process, at its first page: how an operator sees the setting took.
  console.info(`shared page cache: pages in Redis at ${redisWhere(url)} under ${pageKeyPrefix(buildId)}`);
  const shared = createRedisHandler({
    // Every command raced against the package's timeout signal, which gives way to an answer already
    // waiting (signal-proxy.mjs). (The package's types name @redis/client's default client type;
    // createClient's is the same client.)
    client: /** @type {any} */ (withSignalsAfterPendingIo(client)),
    keyPrefix: pageKeyPrefix(buildId),
    timeoutMs: COMMAND_TIMEOUT_MS,
    keyExpirationStrategy: "EXAT",
  });
  return { handlers: [reportingFailures(shared, link.availability, client), local] };
}

/**
 * The Redis handler, with its failures told to the availability log and,
 * once Redis looks gone (FAILURES_FOR_OUTAGE failures in a row, or no
 * connection), skipped for reads for SKIP_AFTER_FAILURE_MS: the package then
 * reads this process's own copy at once instead of waiting out another
 * timeout. A reconnect, or any command that succeeds, ends the skip. Writes
 * are always tried (bounded by the timeout): a write that timed out on a
 * slow Redis usually still lands, and skipping it would leave a regenerated
 * page out of the shared cache.
 * @param {Handler} handler
 * @param {{ lost: (reason: unknown) => void, back: () => void }} availability
 * @param {{ isReady: boolean, on: (event: "ready", listener: () => void) => unknown }} client
 * @returns {Handler}
 */
function reportingFailures(handler, availability, client) {
  let skipReadsUntil = 0;
  let failuresInARow = 0;
  // Redis answering again ends the skip at once: another instance may have written a fresher page
  // meanwhile (the webhook right after a restart), and this process's copy would be the old one.
  const usable = () => {
    skipReadsUntil = 0;
    failuresInARow = 0;
  };
  client.on("ready", usable);
  /** @template T @param {() => Promise<T>} operation @param {boolean} read @returns {Promise<T>} */
  const reported = async (operation, read) => {
    if (read && Date.now() < skipReadsUntil) throw new Error("shared page cache: Redis skipped after recent failures");
    try {
      const result = await operation();
      usable();
      // Answering again after timeouts: node-redis saw no disconnect, so no "ready" event says so.
      availability.back();
      return result;
    } catch (error) {
      failuresInARow += 1;
      if (failuresInARow >= FAILURES_FOR_OUTAGE || !client.isReady) {
        skipReadsUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
        availability.lost(error);
      }
      throw error;
    }
  };
  return {
    name: handler.name,
    get: (key, meta) => reported(() => handler.get(key, meta), true),
    set: (key, value, ctx) => reported(() => handler.set(key, value, ctx), false),
    revalidateTag: (tag) => reported(() => handler.revalidateTag(tag), false),
    ...(handler.delete && {
      delete: (/** @type {string} */ key) => reported(() => /** @type {NonNullable<Handler["delete"]>} */ (handler.delete)(key), false),
    }),
  };
}

export default CacheHandler;
