/**
 * Where the known page paths (known-paths.ts) are kept: in the process's
 * memory (process-wide: the proxy, the pages and the webhook route are
 * separate module instances), and with REDIS_URL in Redis too, so every
 * instance sees a listing any of them made and a cold instance lists only
 * when no instance has lately.
 *
 * Reading asks Redis only for the listing's time (one short key), and for
 * the set itself only when that time is newer than the one held here: the
 * gate runs on every project page request. While Redis cannot be reached
 * (the link logs that once), the process's own copy is used.
 */
import type { RedisLink } from "../../redis/redis-link.mjs";
import { knownPathsFromJson, knownPathsToJson, type KnownPaths } from "./known-paths";
import { processState } from "../../process/process-state";

/** Namespaced: the Redis may hold the page cache and other applications' keys. */
export const KNOWN_PATHS_KEY = "portfolio:known-paths";
const LISTED_AT_KEY = `${KNOWN_PATHS_KEY}:listed-at`;
const LISTING_CLAIM_KEY = `${KNOWN_PATHS_KEY}:listing`;

export interface KnownPathsStore {
  /** The newest set this instance can see; undefined when there is none anywhere (a cold start). */
  get(): Promise<KnownPaths | undefined>;
  /** Keeps `known` where what is kept is older (here, and in Redis). */
  offer(known: KnownPaths): Promise<void>;
  /**
   * Claims the next listing for this instance for `ms`: false while another
   * instance holds the claim (its listing will reach Redis). Always true
   * without Redis, or while Redis cannot be reached.
   */
  claimListing(ms: number): Promise<boolean>;
}

interface Holder {
  known?: KnownPaths;
}

/** A listing made no earlier than the one held replaces it (two in the same millisecond: the later offer read later). */
const newer = (a: KnownPaths | undefined, b: KnownPaths): boolean => a === undefined || b.listedAt >= a.listedAt;

// KEYS[1] the set, KEYS[2] its listing time; ARGV[1] the offered time, ARGV[2] the offered set. Kept unless what is held is newer.
const OFFER = `
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if held <= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[2])
  redis.call('SET', KEYS[2], ARGV[1])
  return 1
end
return 0
`;

function memoryStore(holder: Holder): KnownPathsStore {
  return {
    get: () => Promise.resolve(holder.known),
    offer: (known) => {
      if (newer(holder.known, known)) holder.known = known;
      return Promise.resolve();
    },
    claimListing: () => Promise.resolve(true),
  };
}

function redisStore(link: RedisLink, holder: Holder): KnownPathsStore {
  const memory = memoryStore(holder);
  return {
    async get() {
      try {
        const listedAt = Number(await link.run((redis) => redis.get(LISTED_AT_KEY)));
        if (Number.isFinite(listedAt) && listedAt > (holder.known?.listedAt ?? 0)) {
          const text = await link.run((redis) => redis.get(KNOWN_PATHS_KEY));
          const read = text === null ? undefined : knownPathsFromJson(text);
          // Another release's value (a rolling deploy) or a damaged one: not misread; the next listing replaces it.
          if (read) await memory.offer(read);
        }
      } catch {
        // Unreachable: this process's own copy (the link has logged it).
      }
      return holder.known;
    },
    async offer(known) {
      await memory.offer(known);
      await link
        .run((redis) =>
          redis.eval(OFFER, { keys: [KNOWN_PATHS_KEY, LISTED_AT_KEY], arguments: [String(known.listedAt), knownPathsToJson(known)] }),
        )
        .catch(() => undefined);
    },
    async claimListing(ms) {
      try {
        return (await link.run((redis) => redis.set(LISTING_CLAIM_KEY, "1", { NX: true, PX: Math.max(1, Math.round(ms)) }))) === "OK";
      } catch {
        return true;
      }
    },
  };
}

/** The process's store: its memory, and Redis's when `link` is given. */
export function processKnownPaths(link?: RedisLink): KnownPathsStore {
  const holder = processState<Holder>("portfolio.known-paths", () => ({}));
  return link ? redisStore(link, holder) : memoryStore(holder);
}

/** A store of one's own (tests, or a second "instance" in one process). */
export function ownKnownPaths(link?: RedisLink): KnownPathsStore {
  return link ? redisStore(link, {}) : memoryStore({});
}
