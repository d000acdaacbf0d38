/**
 * The story → pages map in Redis, so every instance, cold or warm, plans the
 * same refresh: one JSON value (site-pages-json.ts, versioned) under one
 * key. The process's own copy (known-pages.ts) is written along with it and
 * is what the process uses while Redis cannot be reached (the link,
 * src/redis/redis-link.mjs, logs that once, and once when it is back), or when Redis has no map, as
 * after a restart that lost its data: the next batch writes it again.
 */
import type { KnownPages } from "./known-pages";
import type { RedisLink } from "../redis/redis-link.mjs";
import { sitePagesFromJson, sitePagesToJson } from "./site-pages-json";

/** Namespaced: the Redis may hold the page cache and other applications' keys. */
export const SITE_PAGES_KEY = "portfolio:site-pages";

export function redisKnownPages(redis: RedisLink, memory: KnownPages, log: (line: string) => void = console.error): KnownPages {
  const refused = new Set<string>();

  return {
    async get() {
      let text: string | null;
      try {
        text = await redis.run((client) => client.get(SITE_PAGES_KEY));
      } catch {
        return memory.get();
      }
      if (text === null) return memory.get();
      const read = sitePagesFromJson(text);
      if (!read.ok) {
        // Another release's map (a rolling deploy) or a damaged value: not misread, and replaced by the next batch.
        if (!refused.has(read.problem))
          log(`revalidate: the story → pages map in Redis (${SITE_PAGES_KEY}) is not usable (${read.problem}); using this process's`);
        refused.add(read.problem);
        return memory.get();
      }
      await memory.set(read.pages);
      return read.pages;
    },

    async set(pages) {
      await memory.set(pages);
      await redis.run((client) => client.set(SITE_PAGES_KEY, sitePagesToJson(pages))).catch(() => undefined);
    },

    async setIfAbsent(pages) {
      await memory.setIfAbsent(pages);
      await redis.run((client) => client.set(SITE_PAGES_KEY, sitePagesToJson(pages), { NX: true })).catch(() => undefined);
    },
  };
}
