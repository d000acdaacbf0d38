/**
 * What a content request is for, so the limiter (request-limiter.ts) serves
 * the editor's publish before the rest, and never lets what anyone on the
 * internet can start queue without bound (issue 36):
 *
 * - `publish`: a webhook's listing and the pages it regenerates on demand,
 *   and the Visual Editor's drafts (an editor waiting on a signed session);
 * - `regeneration`: pages regenerated on a time basis, the build, start-up
 *   and the known-pages listing, and anything outside the site's requests
 *   (the CLI, scripts): bounded by the content's size, not by visitors;
 * - `visitor`: whatever an anonymous request starts: a known page rendered
 *   for the first time, the editor's route outside draft mode, error pages,
 *   the sitemap. Its queue is short and its wait limited.
 *
 * The priority travels with the work through AsyncLocalStorage, so the one
 * `fetch` every client shares (limited-fetch.ts) knows it without each query
 * passing it on. On globalThis: Next.js loads src/content once per bundle,
 * and a page's work must be seen by the limiter another bundle made.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "../../../process/process-state";

export const REQUEST_PRIORITIES = ["publish", "regeneration", "visitor"] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];

/** Outside any marked work (the CLI, a build's own listing, tests): not a visitor's. */
export const DEFAULT_PRIORITY: RequestPriority = "regeneration";

/** One piece of work (a page's render, a webhook's batch) and what the limiter told it. */
export interface ContentWork {
  readonly priority: RequestPriority;
  /** Set when the limiter turned one of its requests away: how long the visitor should wait before trying again. */
  turnedAway?: { retryAfterSeconds: number };
}

function storage(): AsyncLocalStorage<ContentWork> {
  return processState("portfolio.content.work", () => new AsyncLocalStorage<ContentWork>());
}

/** Runs `work` with every content request it sends at `priority`; `onWork` sees the work's record (was it turned away?). */
export function runAtPriority<T>(priority: RequestPriority, work: () => T, onWork?: (record: ContentWork) => void): T {
  const record: ContentWork = { priority };
  onWork?.(record);
  return storage().run(record, work);
}

/** The work the current request is part of; undefined outside any. */
export function currentWork(): ContentWork | undefined {
  return storage().getStore();
}

export function currentPriority(): RequestPriority {
  return currentWork()?.priority ?? DEFAULT_PRIORITY;
}
