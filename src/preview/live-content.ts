/**
 * Local live editing: in `next dev` on the embedded content, a page keeps a
 * server-sent-events stream open and gets its story again each time the
 * story's file (or a related one) is saved, fetched through the same
 * queries as getStaticProps. The browser applies it exactly as the bridge's
 * `input` event (apply-input-story.ts).
 */
import type { QueryOptions } from "../content/access/content-queries";
import { siteQueries } from "../content/access/site-content";
import { pageOfStory } from "../routes/site-routes";

/** How often the content is looked at; the store itself only rereads changed files. */
const LIVE_POLL_MS = 300;

/** The story at `fullSlug` as its page gets it (a project as the project page does); a story with no page of its own as a page. */
export function loadStoryAt(fullSlug: string, options: QueryOptions = {}): Promise<unknown> {
  const page = pageOfStory(fullSlug);
  return page ? siteQueries().storyOfPage(page, options) : siteQueries().getPageStory(fullSlug, options);
}

/**
 * Yields the story as JSON now and whenever it changes, until `signal` aborts.
 * A failing read (a half-written file) is skipped: the next poll tries again.
 */
export async function* storyChanges(load: () => Promise<unknown>, signal: AbortSignal, intervalMs = LIVE_POLL_MS): AsyncGenerator<string> {
  let last: string | undefined;
  while (!signal.aborted) {
    try {
      const story = await load();
      const json = story ? JSON.stringify(story) : undefined;
      if (json !== undefined && json !== last) {
        last = json;
        yield json;
      }
    } catch (error) {
      console.warn(`live content: ${String(error)}`);
    }
    await pause(intervalMs, signal);
  }
}

/** Waits `ms`, or less when `signal` aborts; leaves no listener behind. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
