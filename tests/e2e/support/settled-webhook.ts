import { expect } from "@playwright/test";
import { sendStoryWebhook, type storyWebhookPayload } from "../../../src/publishing/send-webhook";

/** A signed webhook's outcome once its batch has ended. */
export interface SettledWebhook {
  status: number;
  /** The answer's body: the batch's own for a 200; for a 202, what was still queued when it was given. */
  body: Record<string, unknown>;
  /** The pages the answer says were refreshed; a 202 was given before they were, and lists none. */
  revalidated?: string[];
  /** How many pages were refreshed: the 200's list, or the batch's "finished" log line after a 202 (the whole batch's). */
  refreshed: number;
  /** The pages not refreshed: from the 200's body, or the batch's "finished" log line after a 202. */
  failed: string[];
}

type Answer = Awaited<ReturnType<typeof sendStoryWebhook>>;

/**
 * Sends a signed story webhook to `siteUrl` and waits for its batch to end. A batch done within the answer's
 * deadline (4 s, src/publishing/webhook-handler.ts) is answered 200 with what it did; one still at work then (a
 * busy machine) is answered 202 and carries on, and the site logs when it finishes: waited for in `log()` (the
 * server's output so far), so a test goes on from the same state either way. How fast the answer comes is the
 * flood and bulk-publish benches' to measure, not a test's.
 */
export async function sendSettled(
  siteUrl: string,
  payload: ReturnType<typeof storyWebhookPayload>,
  secret: string,
  log: () => string,
): Promise<SettledWebhook> {
  return settled(await sendStoryWebhook(siteUrl, payload, secret), log);
}

/** A webhook's answer, and after a 202 the end of its batch (sendSettled). */
export async function settled(answer: Answer, log: () => string): Promise<SettledWebhook> {
  const body = (answer.body ?? {}) as Record<string, unknown> & { revalidated?: string[]; failed?: { path: string }[]; batch?: number };
  if (answer.status !== 202) {
    const failed = (body.failed ?? []).map((failure) => failure.path);
    return { status: answer.status, body, revalidated: body.revalidated, refreshed: body.revalidated?.length ?? 0, failed };
  }
  const finished = new RegExp(
    `revalidate: batch ${body.batch} finished in [\\d.]+ s: \\d+ webhook\\(s\\), (\\d+) page\\(s\\) refreshed, (none failed|\\d+ not refreshed \\(([^)\\n]*)\\))`,
  );
  await expect.poll(() => finished.test(log())).toBe(true);
  const [, refreshed, , notRefreshed] = finished.exec(log()) ?? [];
  return { status: 202, body, refreshed: Number(refreshed), failed: notRefreshed ? notRefreshed.split(", ") : [] };
}
