// @ts-check
/**
 * The shared page cache's one Redis connection per server process
 * (node-redis, which @fortedigital/nextjs-cache-handler requires), set up so
 * that Redis going away costs a page nothing noticeable:
 *   - no offline queue: while disconnected a command fails at once instead
 *     of waiting for a reconnect that may never come;
 *   - a short connect timeout and a bounded reconnect back-off;
 *   - the first connect is waited for at most CONNECT_WAIT_MS, then the
 *     server goes on without it (the handler falls back to its own copies);
 *   - one log line when it is lost and one when it is back (availability-log).
 * Commands themselves are bounded by the handler's `timeoutMs` (an abort
 * signal per command), for a connection that is open but does not answer.
 */
import { createClient } from "redis";
import { createAvailabilityLog, redisWhere } from "./availability-log.mjs";

export const CONNECT_TIMEOUT_MS = 1000;
/** How long a starting server waits for Redis before serving without it. */
export const CONNECT_WAIT_MS = 2000;
/** Reconnect attempts back off 100 ms per attempt, to at most this. */
export const MAX_RECONNECT_DELAY_MS = 2000;

/**
 * @param {string} url  REDIS_URL (redis:// or rediss://)
 * @param {{ warn: (line: string) => void, info: (line: string) => void }} [log]
 */
export async function connectSharedRedis(url, log = console) {
  const availability = createAvailabilityLog(redisWhere(url), log);
  const client = createClient({
    url,
    disableOfflineQueue: true,
    // A ping now and then finds a connection that died without closing (a host gone, not a process).
    pingInterval: 10_000,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min((retries + 1) * 100, MAX_RECONNECT_DELAY_MS),
    },
  });
  // Without an "error" listener node-redis would throw the error and end the process.
  client.on("error", (error) => availability.lost(error));
  client.on("ready", () => availability.back());
  const connected = client.connect().then(
    () => true,
    (/** @type {unknown} */ error) => {
      availability.lost(error);
      return false;
    },
  );
  /** @type {Promise<false>} */
  const gaveUp = new Promise((resolve) => setTimeout(() => resolve(false), CONNECT_WAIT_MS).unref());
  if (!(await Promise.race([connected, gaveUp]))) availability.lost(new Error(`no connection within ${CONNECT_WAIT_MS} ms`));
  return { client, availability };
}
