/**
 * The last listing's map of stories to pages, kept for the whole server
 * process: a deleted story's payload has no full_slug, so its page is found
 * through what the map said before the deletion. The server fills it at start
 * (src/instrumentation.ts) and every webhook replaces it. Process-wide because
 * the start-up hook and the webhook route are separate module instances.
 */
import type { SitePages } from "./site-pages";

const STORE = Symbol.for("portfolio.known-site-pages");

export interface KnownPages {
  get(): SitePages | undefined;
  set(pages: SitePages): void;
}

export function processKnownPages(): KnownPages {
  const global = globalThis as typeof globalThis & { [STORE]?: { pages?: SitePages } };
  const holder = (global[STORE] ??= {});
  return {
    get: () => holder.pages,
    set: (pages) => {
      holder.pages = pages;
    },
  };
}

/** A map of one's own (tests, or several handlers in one process that must not share). */
export function ownKnownPages(): KnownPages {
  let pages: SitePages | undefined;
  return {
    get: () => pages,
    set: (next) => {
      pages = next;
    },
  };
}
