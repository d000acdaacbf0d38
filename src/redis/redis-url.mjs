// @ts-check
/**
 * REDIS_URL as every part that shares state through Redis reads it (the page
 * cache's switch in next.config, the story → pages map, the content API's
 * limit and version): one check, and one way to name the server in logs.
 * Each caller decides what a problem means for it (stop the build or start,
 * or keep its state in the process).
 */

const SCHEMES = new Set(["redis:", "rediss:"]);

/**
 * Why REDIS_URL cannot be used, or null when it can. The message names the
 * variable, never its password.
 * @param {string} value
 * @returns {string | null}
 */
export function redisUrlProblem(value) {
  /** @type {URL} */
  let url;
  try {
    url = new URL(value);
  } catch {
    return "REDIS_URL is not a URL: expected redis://host:6379 or rediss://… (TLS)";
  }
  if (!SCHEMES.has(url.protocol)) return `REDIS_URL must start with redis:// or rediss:// (it starts with ${url.protocol}//)`;
  if (!url.hostname) return "REDIS_URL has no host";
  return null;
}

/**
 * REDIS_URL when it is set (trimmed), else undefined; whether it can be used
 * is redisUrlProblem's to say.
 * @param {Readonly<Record<string, string | undefined>>} [env]
 * @returns {string | undefined}
 */
export function readRedisUrl(env = process.env) {
  return env.REDIS_URL?.trim() || undefined;
}

/**
 * The server's host and port, for log lines: a Redis URL may carry a password.
 * @param {string} url
 * @returns {string}
 */
export function redisWhere(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}`;
  } catch {
    return "(unparseable REDIS_URL)";
  }
}
