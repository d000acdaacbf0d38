/**
 * Whether a path is one of the site's pages, answered without a content
 * request for anything the site does not know (issue 36): a well-formed
 * path that names no page (`/projects/flood-17-x`) must cost the content
 * API's budget nothing, or anyone could spend it with a few requests a
 * second, and the editor's publishes would wait behind them.
 *
 * The site knows its pages from the build (the pages it made), from the
 * newest listing any instance made (a webhook batch's full listing, the
 * start-up one, or a `cdn/links` listing), kept in the known-paths store.
 * The gate lists again with one `cdn/links` request when that listing is
 * older than the pages' own lifetime (REVALIDATE_SECONDS: what a page a
 * missed webhook left stale waits at most too), when the embedded content
 * changed since (its cv is known without a request), or when an instance
 * starts with none: once per instance at a time, once for all instances
 * while one holds the claim, and not again for a while after a failure.
 * What cannot be listed is judged by what is known: the gate never lets an
 * unknown path through because the content API is down.
 */
import type { KnownPaths } from "./known-paths";
import type { KnownPagesStore } from "../known-pages-store";

export interface PageGate {
  /** Whether `path` (`/`, `/projects/…`, as the page's address) is a page of the site. */
  isKnown(path: string): Promise<boolean>;
}

export interface PageGateDeps {
  /** Where the known paths are kept (only the paths' part of the store is the gate's). */
  store: Pick<KnownPagesStore, "paths" | "offerPaths" | "claimListing">;
  /** The pages the build made: known without any listing. */
  builtPages: readonly string[];
  /** Every page path now (one `cdn/links` listing). Rejects when the content API cannot answer. */
  list(): Promise<KnownPaths>;
  /** How old a listing may get before the gate lists again; Infinity lists only when there is none. */
  maxAgeMs: number;
  /** The content's cv when it is known without a request (the embedded content); a listing of another cv is stale. */
  currentCv?: () => Promise<number | undefined>;
  now?: () => number;
  log?: (line: string) => void;
}

/** How long one instance's claim on the next listing lasts: a listing takes a request or two. */
const LISTING_CLAIM_MS = 10_000;
/** After a failed listing, the gate judges by what it knows for this long before it tries again. */
export const LISTING_RETRY_MS = 30_000;
/** A cold instance whose listing another instance claimed waits this long for it to reach Redis. */
const COLD_WAIT_MS = 2_000;
const COLD_POLL_MS = 100;

export function createPageGate(deps: PageGateDeps): PageGate {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((line: string) => console.error(line));
  const built = new Set(deps.builtPages);
  let listing: Promise<KnownPaths | undefined> | undefined;
  let failedAt = -Infinity;

  async function isStale(known: KnownPaths | undefined): Promise<boolean> {
    if (!known) return true;
    if (now() - known.listedAt > deps.maxAgeMs) return true;
    const cv = await deps.currentCv?.();
    return cv !== undefined && known.cv !== cv;
  }

  /** Waits for another instance's listing to reach the store; what is known at the deadline. */
  async function waitForOthers(): Promise<KnownPaths | undefined> {
    const deadline = now() + COLD_WAIT_MS;
    for (;;) {
      const known = await deps.store.paths();
      if (known || now() >= deadline) return known;
      await new Promise((resolve) => setTimeout(resolve, COLD_POLL_MS));
    }
  }

  async function listNow(known: KnownPaths | undefined): Promise<KnownPaths | undefined> {
    if (now() - failedAt < LISTING_RETRY_MS) return known;
    if (!(await deps.store.claimListing(LISTING_CLAIM_MS))) return known ?? (await waitForOthers());
    try {
      const listed = await deps.list();
      await deps.store.offerPaths(listed);
      return (await deps.store.paths()) ?? listed;
    } catch (error) {
      failedAt = now();
      log(
        `pages: could not list the site's pages (${error instanceof Error ? error.message : String(error)}); unknown paths are judged by the listing of ${known ? new Date(known.listedAt).toISOString() : "the build"} for ${LISTING_RETRY_MS / 1000} s`,
      );
      return known;
    }
  }

  return {
    async isKnown(path) {
      if (built.has(path)) return true;
      let known = await deps.store.paths();
      if (await isStale(known)) {
        // One listing at a time in this process: every request that finds the set stale waits for the same one.
        listing ??= listNow(known).finally(() => (listing = undefined));
        known = await listing;
      }
      return known?.paths.has(path) ?? false;
    },
  };
}
