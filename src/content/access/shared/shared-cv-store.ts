/**
 * The latest content version (`cv`) every instance follows, kept in Redis:
 * an instance that learns a newer cv (a webhook's refresh, a page
 * regenerated after a publish) writes it, and every instance reads it at
 * most every CONTENT_CV_TTL_SECONDS (cv-follower.ts). Only ever raised: a
 * slow instance that learned an older cv must not send the others back.
 */
import { createHash } from "node:crypto";
import type { RedisLink } from "../../../redis/redis-link.mjs";

export interface SharedCvStore {
  /** The cv instances follow; undefined when none was written yet. Rejects while Redis is unreachable. */
  read(): Promise<number | undefined>;
  /** Raises the shared cv to `cv` (a lower one is ignored). Rejects while Redis is unreachable. */
  write(cv: number): Promise<void>;
}

const RAISE = `
local current = tonumber(redis.call('GET', KEYS[1]))
if current == nil or current < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1])
  return 1
end
return 0
`;

/**
 * The key for one content source: instances reading the same space through
 * the same API share it, a staging site on the same Redis does not. The
 * token is hashed, so Redis never holds it.
 */
export function sharedCvKey(endpoint: string, token: string): string {
  const source = createHash("sha256").update(`${endpoint}\n${token}`).digest("hex").slice(0, 16);
  return `portfolio:content:cv:${source}`;
}

export function createSharedCvStore(link: RedisLink, key: string): SharedCvStore {
  return {
    async read() {
      const value = await link.run((redis) => redis.get(key));
      const cv = value === null ? NaN : Number(value);
      return Number.isSafeInteger(cv) && cv > 0 ? cv : undefined;
    },
    async write(cv) {
      if (!Number.isSafeInteger(cv) || cv <= 0) return;
      await link.run((redis) => redis.eval(RAISE, { keys: [key], arguments: [String(cv)] }));
    },
  };
}
