/**
 * REDIS_URL, and the process's one content link to it. On globalThis:
 * Next.js may load src/content once per bundle (API route, each page,
 * instrumentation), and the process needs one connection, one outage log.
 */
import { ContentConfigError } from "../content-source";
import { openRedisLink, type RedisLink } from "./redis-link";

/**
 * REDIS_URL when set: a redis:// or rediss:// URL. Anything else stops with
 * an error naming the variable: it is never read as something else.
 */
export function readRedisUrl(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const value = env.REDIS_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ContentConfigError("REDIS_URL is not a URL: set it to redis://host:6379 (or rediss:// for TLS), or unset it.");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new ContentConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got ${url.protocol}//…`);
  }
  return value;
}

const KEY = Symbol.for("portfolio.content.redis");

interface Holder {
  [KEY]?: { url: string; link: RedisLink };
}

/** The process's link to REDIS_URL's Redis; undefined without REDIS_URL. */
export function processRedisLink(env: Readonly<Record<string, string | undefined>> = process.env): RedisLink | undefined {
  const url = readRedisUrl(env);
  if (!url) return undefined;
  const holder = globalThis as Holder;
  const held = holder[KEY];
  if (held?.url === url) return held.link;
  const link = openRedisLink(url);
  holder[KEY] = { url, link };
  return link;
}
