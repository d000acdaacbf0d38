/**
 * `POST /api/revalidate` without the framework: a signed Storyblok story
 * webhook in, the pages it concerns revalidated, a JSON answer out. The
 * answer is quick and says what happened, and every failure is logged.
 *
 * Webhooks that arrive together (an editor publishing forty stories, a
 * release merged) are handled as one batch (webhook-batch.ts): one listing,
 * each page regenerated once. Every answer comes within `answerWithinMs`:
 * when the batch takes longer, the webhook is answered 202 with the pages
 * still queued, the batch carries on, and the log says when it ends.
 */
import type { ListedStory } from "../content/access/content-queries";
import { waitAtMost } from "../time-limits/time-limits.mjs";
import { describeTimeout, type BodyRead } from "../http/read-body";
import { createBatchQueue, type BatchTiming } from "./batch-queue";
import { memoryKnownPagesStore, type KnownPagesStore } from "./known-pages-store";
import { createReplayGuard, payloadKey, type ReplayGuard } from "./replay-guard";
import { storyPagePath } from "../routes/site-routes";
import { webhookBatchRunner, type QueuedWebhook, type Revalidate, type WebhookAnswer } from "./webhook-batch";
import { parseStoryWebhook } from "./webhook-payload";
import { hasValidSignature } from "./webhook-signature";

export type { Revalidate, WebhookAnswer } from "./webhook-batch";

/** Storyblok's payloads are a few hundred bytes; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 16 * 1024;

/**
 * Webhooks sent "together" by Storyblok or a script arrive tens of ms apart:
 * a batch waits 150 ms after the last one, a second at most after its first.
 */
const WEBHOOK_BATCHING: BatchTiming = { settleMs: 150, maxCollectMs: 1000 };

/**
 * The answer's deadline from the handler's start. A sender (Storyblok, a
 * load balancer) gives up after seconds; 4 s leaves room under 5 s for
 * reading the body and sending the answer.
 */
const ANSWER_WITHIN_MS = 4000;

export interface WebhookRequest {
  /** The raw body as src/http/read-body.ts read it, or why it was refused (too large, too slow, cut off). */
  body: BodyRead;
  signature: string | undefined;
}

export interface WebhookDeps {
  /** STORYBLOK_WEBHOOK_SECRET, read per request. */
  secret(): string | undefined;
  /** Every published story at the latest content version (once per batch). */
  listStories: () => Promise<ListedStory[]>;
  /** Where the last listing's map is kept, and the page gate learns the site's pages (src/publishing/page-gate); by default this handler's own. */
  store?: KnownPagesStore;
  /** The pages the build made, part of "every page" when a story's old page is unknown. */
  builtPages?: readonly string[];
  log?: (line: string) => void;
  /** Which payloads were processed lately; by default this handler's own. */
  replays?: ReplayGuard;
  /** Keeps a batch running after its webhook was answered 202 (a serverless platform's waitUntil). */
  keepAlive?: (work: Promise<unknown>) => void;
  batching?: BatchTiming;
  answerWithinMs?: number;
}

export function createWebhookHandler(deps: WebhookDeps): (request: WebhookRequest, revalidate: Revalidate) => Promise<WebhookAnswer> {
  const log = deps.log ?? ((line: string) => console.error(line));
  const answerWithinMs = deps.answerWithinMs ?? ANSWER_WITHIN_MS;
  const runBatch = webhookBatchRunner({
    listStories: deps.listStories,
    // What the last listing said, so a story gone from the next one still has its old pages.
    store: deps.store ?? memoryKnownPagesStore({}),
    replays: deps.replays ?? createReplayGuard(),
    builtPages: deps.builtPages,
    log,
  });
  const queue = createBatchQueue(runBatch, deps.batching ?? WEBHOOK_BATCHING);
  const lateBatches = new Set<number>();

  return async (request, revalidate) => {
    const arrived = performance.now();
    const read = request.body;
    if (read.kind === "too-large") {
      log(`revalidate: refused a body over ${read.maxBytes} bytes`);
      return { status: 413, body: { error: `The body is over ${read.maxBytes} bytes.` } };
    }
    if (read.kind === "timed-out") {
      log(`revalidate: ${describeTimeout(read)}`);
      return { status: 408, body: { error: "The body did not arrive in time." } };
    }
    if (read.kind === "aborted") {
      log("revalidate: the client closed the connection before the body's end; nothing revalidated");
      return { status: 400, body: { error: "The body was cut off." } };
    }
    const body = read.bytes;
    const secret = deps.secret();
    if (!secret) {
      log("revalidate: STORYBLOK_WEBHOOK_SECRET is not set, so no webhook can be checked; nothing revalidated");
      return { status: 500, body: { error: "The site has no webhook secret (STORYBLOK_WEBHOOK_SECRET)." } };
    }
    if (!hasValidSignature(body, request.signature, secret)) {
      log(`revalidate: ${request.signature ? "bad" : "missing"} webhook-signature; nothing revalidated`);
      return { status: 401, body: { error: "Missing or invalid webhook-signature." } };
    }
    const parsed = parseStoryWebhook(body.toString("utf8"));
    if (!parsed.ok) {
      log(`revalidate: signed payload refused: ${parsed.problem}`);
      return { status: 400, body: { error: `Not a story webhook: ${parsed.problem}.` } };
    }
    const { webhook } = parsed;
    // Only signed, well-formed payloads get this far, so only they are remembered.
    const item: QueuedWebhook = { webhook, payload: payloadKey(body), revalidate, progress: {} };
    const queued = queue.add(item);
    const result = queued.result.catch((error: unknown): WebhookAnswer => {
      log(`revalidate: ${webhook.action} story ${webhook.storyId}: batch ${queued.batch} failed: ${String(error)}`);
      return { status: 500, body: { error: "The webhook could not be processed.", action: webhook.action, story_id: webhook.storyId } };
    });

    const answer = await waitAtMost(result, Math.max(0, answerWithinMs - (performance.now() - arrived)));
    if (answer) return answer;

    // The batch carries on after this answer; its end is logged (webhook-batch.ts).
    item.progress.answeredEarly = true;
    deps.keepAlive?.(result);
    if (!lateBatches.has(queued.batch)) {
      lateBatches.add(queued.batch);
      log(`revalidate: batch ${queued.batch} is still at work after ${answerWithinMs / 1000} s; its webhooks are answered 202 (queued)`);
    }
    void result.then(() => lateBatches.delete(queued.batch));
    const { plan } = item.progress;
    return {
      status: 202,
      body: {
        action: webhook.action,
        story_id: webhook.storyId,
        batch: queued.batch,
        planned: plan !== undefined,
        queued: stillQueued(item),
        ...(plan?.coldMap && { cold_map: true }),
      },
    };
  };
}

/** The webhook's pages not regenerated yet; before its batch has listed the stories, only the page its payload names is known. */
function stillQueued({ webhook, progress }: QueuedWebhook): string[] {
  if (progress.plan) return progress.plan.paths.filter((path) => !progress.settled?.has(path));
  const own = webhook.fullSlug === undefined ? undefined : storyPagePath(webhook.fullSlug);
  return own ? [own] : [];
}
