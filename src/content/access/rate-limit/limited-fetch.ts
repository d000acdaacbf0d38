/**
 * The content client's `fetch`, gated by the process's request limiter: the
 * one place every request to the content API passes, whichever client,
 * route bundle or module sends it (storyblok-js-client sends stories,
 * listings, relation batches, cdn/links and cdn/spaces/me, and its 429
 * retries, through the `fetch` it was given). A retried 429 passes here
 * again, so it counts against the window like any request.
 *
 * A request the limiter turns away is marked on the work it belongs to
 * (request-priority.ts) before it fails: storyblok-js-client turns a
 * failing `fetch` into a plain message, and the page must still tell "the
 * site was busy" (503) from "the content API failed" (500).
 */
import { isContentBusy } from "./content-busy";
import type { RequestLimiter } from "./request-limiter";
import { currentWork } from "./request-priority";

export function withRequestLimit(inner: typeof fetch, limiter: RequestLimiter, limit: number): typeof fetch {
  return async (input, init) => {
    const slot = await limiter.acquire(limit).catch((error: unknown) => {
      const work = currentWork();
      if (work && isContentBusy(error)) work.turnedAway = { retryAfterSeconds: error.retryAfterSeconds };
      throw error;
    });
    try {
      // Resolves with the answer's headers: the request has reached the API by then.
      return await inner(input, init);
    } finally {
      slot.release();
    }
  };
}
