/**
 * Runs a page's (or a webhook's) work at a priority, and turns "the limiter
 * turned one of its requests away" into ContentBusyError whatever the
 * failure looked like by the time it surfaced: storyblok-js-client reports
 * a failing `fetch` as a plain message, and a query may wrap that again.
 */
import { ContentBusyError, isContentBusy } from "./content-busy";
import { runAtPriority, type ContentWork, type RequestPriority } from "./request-priority";

export async function doContentWork<T>(priority: RequestPriority, work: () => Promise<T>): Promise<T> {
  let record: ContentWork | undefined;
  try {
    return await runAtPriority(priority, work, (made) => (record = made));
  } catch (error) {
    const turnedAway = record?.turnedAway;
    if (turnedAway && !isContentBusy(error))
      throw new ContentBusyError(priority, "a request of this work was turned away", turnedAway.retryAfterSeconds);
    throw error;
  }
}
