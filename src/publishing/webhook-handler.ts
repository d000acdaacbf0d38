/**
 * `POST /api/revalidate` without the framework: a signed Storyblok story
 * webhook in, the pages it concerns revalidated, a JSON answer out. The
 * answer is quick and says what happened, and every failure is logged.
 */
import type { ListedStory } from "../content/content-queries";
import { describeTimeout, type BodyRead } from "../http/read-body";
import { ownKnownPages, type KnownPages } from "./known-pages";
import { planRefresh } from "./refresh-plan";
import { contentFingerprint, createReplayGuard, payloadKey, type ReplayGuard } from "./replay-guard";
import { mapSitePages, type SitePages } from "./site-pages";
import { parseStoryWebhook, type StoryWebhook } from "./webhook-payload";
import { hasValidSignature } from "./webhook-signature";

/** Storyblok's payloads are a few hundred bytes; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 16 * 1024;

export interface WebhookRequest {
  /** The raw body as src/http/read-body.ts read it, or why it was refused (too large, too slow, cut off). */
  body: BodyRead;
  signature: string | undefined;
}

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface WebhookDeps {
  /** STORYBLOK_WEBHOOK_SECRET, read per request. */
  secret(): string | undefined;
  /** Every published story at the latest content version. */
  listStories(): Promise<ListedStory[]>;
  /** Where the last listing's map is kept; by default this handler's own. */
  known?: KnownPages;
  log?: (line: string) => void;
  /** Which payloads were processed lately; by default this handler's own. */
  replays?: ReplayGuard;
}

export type Revalidate = (path: string) => Promise<void>;

export function createWebhookHandler(deps: WebhookDeps): (request: WebhookRequest, revalidate: Revalidate) => Promise<WebhookAnswer> {
  const log = deps.log ?? ((line: string) => console.error(line));
  // What the last listing said, so a story gone from the next one still has its old pages.
  const known = deps.known ?? ownKnownPages();
  const replays = deps.replays ?? createReplayGuard();

  return async (request, revalidate) => {
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
    const payload = payloadKey(body);
    return replays.oneAtATime(payload, () => processWebhook(webhook, payload, revalidate));
  };

  async function processWebhook(webhook: StoryWebhook, payload: string, revalidate: Revalidate): Promise<WebhookAnswer> {
    let listing: ListedStory[];
    let after: SitePages;
    try {
      listing = await deps.listStories();
      after = mapSitePages(listing);
    } catch (error) {
      log(`revalidate: ${webhook.action} story ${webhook.storyId}: cannot list the stories, nothing revalidated: ${String(error)}`);
      return { status: 502, body: { error: "The content API could not be read; nothing was revalidated.", action: webhook.action, story_id: webhook.storyId } };
    }
    const content = contentFingerprint(listing);
    const ago = replays.processedAgo(payload, content);
    if (ago !== undefined) {
      log(`revalidate: ${webhook.action} story ${webhook.storyId}: the same payload was processed ${Math.round(ago / 1000)} s ago and the content has not changed; nothing revalidated`);
      return { status: 200, body: { action: webhook.action, story_id: webhook.storyId, duplicate: true, revalidated: [], failed: [] } };
    }
    const plan = planRefresh(webhook, known.get(), after);
    known.set(after);
    if (plan.unknownStory) log(`revalidate: story ${webhook.storyId} is in no listing; refreshing every page`);

    const results = await Promise.allSettled(plan.paths.map((path) => revalidate(path)));
    const revalidated: string[] = [];
    const failed: { path: string; error: string }[] = [];
    results.forEach((result, i) => {
      const path = plan.paths[i]!;
      if (result.status === "fulfilled") revalidated.push(path);
      else {
        const error = result.reason instanceof Error ? result.reason.message : String(result.reason);
        failed.push({ path, error });
        // Next.js keeps serving the page it had; the log says why it is not fresh.
        log(`revalidate: ${webhook.action} story ${webhook.storyId}: ${path} not refreshed: ${error}`);
      }
    });
    // A payload with a page not refreshed is not remembered: a retry must try again.
    if (failed.length === 0) replays.remember(payload, content);
    return {
      status: 200,
      body: { action: webhook.action, story_id: webhook.storyId, revalidated, failed, ...(plan.unknownStory && { unknown_story: true }) },
    };
  }
}
