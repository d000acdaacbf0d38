/**
 * The known pages (known-pages-store.ts) in Redis, shared by every
 * instance, with the process's copy written along and used while Redis
 * cannot be reached (the link, src/redis/redis-link.mjs, logs that once, and
 * once when it is back), or when Redis has nothing, as after a restart that
 * lost its data: the next listing writes it again.
 *
 * Two values, each one JSON string with its own format version, so that a
 * release that changes one shape bumps its version and an instance of
 * another release (a rolling deploy) reads it as absent instead of
 * misreading it: the map (site-pages-json.ts) under SITE_PAGES_KEY, written
 * with each full listing; the paths (page-gate/known-paths.ts) under
 * KNOWN_PATHS_KEY beside their listing's time, which reading asks for first
 * (one short key: the gate runs on every project page request), and for the
 * paths only when that time is newer than the one held here.
 */
import type { RedisLink } from "../redis/redis-link.mjs";
import { isNewer, memoryKnownPagesStore, type KnownPagesHeld, type KnownPagesStore } from "./known-pages-store";
import { knownPathsFromJson, knownPathsToJson } from "./page-gate/known-paths";
import { sitePagesFromJson, sitePagesToJson } from "./site-pages-json";

/** Namespaced: the Redis may hold the page cache and other applications' keys. */
export const SITE_PAGES_KEY = "portfolio:site-pages";
const KNOWN_PATHS_KEY = "portfolio:known-paths";
const LISTED_AT_KEY = `${KNOWN_PATHS_KEY}:listed-at`;
const LISTING_CLAIM_KEY = `${KNOWN_PATHS_KEY}:listing`;

// KEYS[1] the paths, KEYS[2] their listing time; ARGV[1] the offered time, ARGV[2] the offered paths. Kept unless what is held is newer.
const OFFER = `
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if held <= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[2])
  redis.call('SET', KEYS[2], ARGV[1])
  return 1
end
return 0
`;

export function redisKnownPagesStore(link: RedisLink, held: KnownPagesHeld, log: (line: string) => void = console.error): KnownPagesStore {
  const memory = memoryKnownPagesStore(held);
  const refused = new Set<string>();

  const store: KnownPagesStore = {
    async map() {
      let text: string | null;
      try {
        text = await link.run((client) => client.get(SITE_PAGES_KEY));
      } catch {
        return memory.map();
      }
      if (text === null) return memory.map();
      const read = sitePagesFromJson(text);
      if (!read.ok) {
        // Another release's map (a rolling deploy) or a damaged value: not misread, and replaced by the next batch.
        if (!refused.has(read.problem))
          log(`revalidate: the story → pages map in Redis (${SITE_PAGES_KEY}) is not usable (${read.problem}); using this process's`);
        refused.add(read.problem);
        return memory.map();
      }
      held.map = read.pages;
      return read.pages;
    },

    async keepListing(pages, listedAt, options = {}) {
      if (options.ifAbsent) held.map ??= pages;
      else held.map = pages;
      const json = sitePagesToJson(pages);
      await link
        .run((client) => (options.ifAbsent ? client.set(SITE_PAGES_KEY, json, { NX: true }) : client.set(SITE_PAGES_KEY, json)))
        .catch(() => undefined);
      await store.offerPaths({ paths: new Set(pages.all), listedAt });
    },

    async paths() {
      try {
        const listedAt = Number(await link.run((client) => client.get(LISTED_AT_KEY)));
        if (Number.isFinite(listedAt) && listedAt > (held.paths?.listedAt ?? 0)) {
          const text = await link.run((client) => client.get(KNOWN_PATHS_KEY));
          const read = text === null ? undefined : knownPathsFromJson(text);
          // Another release's value (a rolling deploy) or a damaged one: not misread; the next listing replaces it.
          if (read) await memory.offerPaths(read);
        }
      } catch {
        // Unreachable: this process's own copy (the link has logged it).
      }
      return held.paths;
    },

    async offerPaths(known) {
      if (isNewer(held.paths, known)) held.paths = known;
      await link
        .run((client) =>
          client.eval(OFFER, { keys: [KNOWN_PATHS_KEY, LISTED_AT_KEY], arguments: [String(known.listedAt), knownPathsToJson(known)] }),
        )
        .catch(() => undefined);
    },

    async claimListing(ms) {
      try {
        return (await link.run((client) => client.set(LISTING_CLAIM_KEY, "1", { NX: true, PX: Math.max(1, Math.round(ms)) }))) === "OK";
      } catch {
        return true;
      }
    },
  };
  return store;
}
