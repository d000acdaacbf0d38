// @ts-check
/**
 * One log line when the shared page cache's Redis goes away and one when it
 * is back, however many requests, reconnect attempts and client errors come
 * in between: a Redis that is down for an hour must not write a line per
 * page view (node-redis emits an "error" per failed reconnect).
 */

/**
 * @typedef {object} AvailabilityLog
 * @property {(reason: unknown) => void} lost  Redis cannot be used (a connection error, a failed connect); logged on the first call after it was usable.
 * @property {() => void} back  Redis answers again; logged only after a `lost`.
 * @property {() => boolean} isDown
 */

/**
 * @param {string} where  what to name in the lines, e.g. the Redis host and port (never the password)
 * @param {{ warn: (line: string) => void, info: (line: string) => void }} [log]
 * @returns {AvailabilityLog}
 */
export function createAvailabilityLog(where, log = console) {
  let down = false;
  return {
    lost(reason) {
      if (down) return;
      down = true;
      const why = reason instanceof Error ? reason.message || reason.name : String(reason);
      log.warn(
        `shared page cache: Redis at ${where} is unreachable (${why}); this instance serves and renders pages on its own until Redis answers again (logged once)`,
      );
    },
    back() {
      if (!down) return;
      down = false;
      log.info(`shared page cache: Redis at ${where} is back; the next webhook or regeneration refreshes what changed meanwhile`);
    },
    isDown: () => down,
  };
}

/**
 * The URL's host and port, for log lines: a Redis URL may carry a password.
 * @param {string} url
 */
export function redisWhere(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}`;
  } catch {
    return "(unparseable REDIS_URL)";
  }
}
