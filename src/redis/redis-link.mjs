// @ts-check
/**
 * The one connection code for the Redis that instances share (REDIS_URL).
 * Each part that keeps something there opens its own link here: the shared
 * page cache (publishing/shared-cache/cache-handler.mjs, which Next.js loads
 * without compiling it, hence plain JavaScript), the story → pages map
 * (publishing/site-known-pages.ts), and the content API's request window and
 * latest content version (content/shared/process-redis.ts).
 *
 * Redis is an aid, never a dependency, so a link:
 *   - fails a command at once while disconnected (no offline queue, which
 *     would wait for a reconnect that may never come), and after
 *     `commandTimeoutMs` when Redis does not answer;
 *   - lets the first command wait at most `connectWaitMs` for the first
 *     connection, then goes on without it;
 *   - reconnects by itself, 100 ms more between tries up to 2 s; a server
 *     that lives long asks it to ping now and then (`pingIntervalMs`), to
 *     find a connection that died without closing (a host gone, not a
 *     process);
 *   - says once that Redis is unreachable and once that it is back, naming
 *     host and port, never the password, however many requests, reconnects
 *     and client errors come between;
 *   - loads node-redis when it is opened, so a site without REDIS_URL never
 *     loads it, and, without pings, never keeps a process alive by itself
 *     (a CLI, a test).
 */
import { rejectAfter, waitAtMost } from "../time-limits/time-limits.mjs";
import { redisWhere } from "./redis-url.mjs";

const CONNECT_TIMEOUT_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 2000;
const DEFAULT_COMMAND_TIMEOUT_MS = 1000;
const DEFAULT_CONNECT_WAIT_MS = 2000;

/** @typedef {import("./redis-link.d.mts").RedisLinkOptions} RedisLinkOptions */
/** @typedef {import("./redis-link.d.mts").RedisLink} RedisLink */
/** @typedef {import("./redis-link.d.mts").RedisClient} RedisClient */

/**
 * @param {string} url  REDIS_URL, checked by the caller (redis-url.mjs)
 * @param {RedisLinkOptions} options
 * @returns {RedisLink}
 */
export function openRedisLink(url, options) {
  const where = redisWhere(url);
  const log = options.log ?? console;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const connectWaitMs = options.connectWaitMs ?? DEFAULT_CONNECT_WAIT_MS;
  let down = false;
  let closed = false;

  const availability = {
    /** @param {unknown} reason */
    lost(reason) {
      if (down || closed) return;
      down = true;
      const why = reason instanceof Error ? reason.message || reason.name : String(reason);
      log.warn(`${options.user}: Redis at ${where} is unreachable (${why}); ${options.meanwhile}`);
    },
    back() {
      if (!down || closed) return;
      down = false;
      log.info(`${options.user}: Redis at ${where} is back; ${options.afterwards}`);
    },
    isDown: () => down,
  };

  /** @type {Promise<RedisClient>} */
  const client = import("redis").then(({ createClient }) => {
    const redis = createClient({
      url,
      disableOfflineQueue: true,
      ...(options.pingIntervalMs && { pingInterval: options.pingIntervalMs }),
      socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min((retries + 1) * 100, MAX_RECONNECT_DELAY_MS) },
    });
    // node-redis emits every failed (re)connection as an "error" event; unheard, it would end the process.
    redis.on("error", (/** @type {unknown} */ error) => availability.lost(error));
    redis.on("ready", () => availability.back());
    redis.unref();
    return redis;
  });
  // connect() keeps retrying while Redis is down and settles once it is up (or the link is closed).
  const connected = client.then(
    (redis) =>
      redis.connect().then(
        () => true,
        (/** @type {unknown} */ error) => {
          availability.lost(error);
          return false;
        },
      ),
    () => false,
  );
  /** @type {Promise<boolean> | undefined} */
  let firstWait;
  const ready = () =>
    (firstWait ??= waitAtMost(connected, connectWaitMs).then((ok) => {
      if (ok === undefined) availability.lost(new Error(`no connection within ${connectWaitMs} ms`));
      return ok === true;
    }));

  return {
    where,
    client,
    availability,
    ready,
    async run(command) {
      if (closed) throw new Error("the Redis link is closed");
      await ready();
      const redis = await client;
      try {
        const result = await rejectAfter(command(redis), commandTimeoutMs, `no answer within ${commandTimeoutMs} ms`);
        availability.back();
        return result;
      } catch (error) {
        availability.lost(error);
        throw error;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      const redis = await client.catch(() => undefined);
      try {
        redis?.destroy();
      } catch {
        // Closed already (node-redis throws on a second close).
      }
      await waitAtMost(connected, CONNECT_TIMEOUT_MS);
    },
  };
}
