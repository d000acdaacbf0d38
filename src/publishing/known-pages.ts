/**
 * Where the last listing's map of stories to pages is kept: a deleted
 * story's payload has no full_slug, so its page is found through what the
 * map said before the deletion. The server fills it at start
 * (src/instrumentation.ts) and every batch of webhooks replaces it.
 *
 * Here, the process's memory: process-wide, because the start-up hook and
 * the webhook route are separate module instances. With REDIS_URL the map
 * lives in Redis instead, shared by every instance (redis-known-pages.ts),
 * and this copy is what the process falls back on while Redis is away.
 * `get()` answering undefined is a cold map: nothing from before.
 */
import type { SitePages } from "./site-pages";
import { processState } from "../process/process-state";

export interface KnownPages {
  /** The map of the last listing; undefined when there is none (a cold map). */
  get(): Promise<SitePages | undefined>;
  /** Replaces the map with a newer listing's. */
  set(pages: SitePages): Promise<void>;
  /**
   * Stores the map only where there is none: the start-up listing must not
   * replace a webhook's, nor an older map that still names a story deleted
   * since (that story's old page is what a `deleted` webhook needs).
   */
  setIfAbsent(pages: SitePages): Promise<void>;
}

interface Holder {
  pages?: SitePages;
}

function heldIn(holder: Holder): KnownPages {
  return {
    get: () => Promise.resolve(holder.pages),
    set: (pages) => {
      holder.pages = pages;
      return Promise.resolve();
    },
    setIfAbsent: (pages) => {
      holder.pages ??= pages;
      return Promise.resolve();
    },
  };
}

export function processKnownPages(): KnownPages {
  return heldIn(processState<Holder>("portfolio.known-site-pages", () => ({})));
}

/** A map of one's own (tests, or several handlers in one process that must not share). */
export function ownKnownPages(): KnownPages {
  return heldIn({});
}
