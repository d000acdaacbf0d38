/**
 * What the site knows about its pages, in one store: the story → pages map
 * of the newest full listing of the published stories (site-pages.ts: which
 * pages show which story, kept from one webhook to the next so a story gone
 * from the listing still has its old page) and the page paths as of the
 * newest listing of any kind (page-gate/known-paths.ts: what the page gate
 * checks a request's path against; a `cdn/links` listing renews them
 * without a map).
 *
 * Kept in the process's memory (process-wide: the proxy, the pages and the
 * webhook route are separate module instances), and with REDIS_URL in Redis
 * too (redis-known-pages-store.ts; site-known-pages.ts picks), so every instance, cold or warm, plans
 * the same refresh and knows a page any of them listed; while Redis cannot
 * be reached the process's own copy is used. `map()` or `paths()` answering
 * undefined is cold: nothing from before.
 */
import type { KnownPaths } from "./page-gate/known-paths";
import type { SitePages } from "./site-pages";

export interface KnownPagesStore {
  /** The map of the newest full listing; undefined when there is none (a cold map). */
  map(): Promise<SitePages | undefined>;
  /**
   * Keeps a full listing made at `listedAt`: its map replaces the one kept
   * (with `ifAbsent`, only where there is none: the start-up listing must
   * not replace a webhook's, nor an older map that still names a story
   * deleted since, whose old page a `deleted` webhook needs), and its pages
   * are offered as the known paths.
   */
  keepListing(pages: SitePages, listedAt: number, options?: { ifAbsent?: boolean }): Promise<void>;
  /** The newest page paths this instance can see; undefined when there are none anywhere (a cold start). */
  paths(): Promise<KnownPaths | undefined>;
  /** Keeps `known` where what is kept is older (here, and in Redis). */
  offerPaths(known: KnownPaths): Promise<void>;
  /**
   * Claims the next listing of the paths for this instance for `ms`: false
   * while another instance holds the claim (its listing will reach Redis).
   * Always true without Redis, or while Redis cannot be reached.
   */
  claimListing(ms: number): Promise<boolean>;
}

/** What one process holds. */
export interface KnownPagesHeld {
  map?: SitePages;
  paths?: KnownPaths;
}

/** A listing made no earlier than the one held replaces it (two in the same millisecond: the later offer read later). */
export const isNewer = (held: KnownPaths | undefined, offered: KnownPaths): boolean =>
  held === undefined || offered.listedAt >= held.listedAt;

/** The store in `held` alone: a single server's. */
export function memoryKnownPagesStore(held: KnownPagesHeld): KnownPagesStore {
  const store: KnownPagesStore = {
    map: () => Promise.resolve(held.map),
    async keepListing(pages, listedAt, options = {}) {
      if (options.ifAbsent) held.map ??= pages;
      else held.map = pages;
      await store.offerPaths({ paths: new Set(pages.all), listedAt });
    },
    paths: () => Promise.resolve(held.paths),
    offerPaths(known) {
      if (isNewer(held.paths, known)) held.paths = known;
      return Promise.resolve();
    },
    claimListing: () => Promise.resolve(true),
  };
  return store;
}
