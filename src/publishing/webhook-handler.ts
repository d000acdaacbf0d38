/**
 * `POST /api/revalidate` without the framework: a signed Storyblok story
 * webhook in, the pages it concerns revalidated, a JSON answer out. Storyblok
 * does not retry a webhook, so the answer is quick and says what happened,
 * and every failure is logged.
 */
import type { ListedStory } from "../content/content-queries";
import { ownKnownPages, type KnownPages } from "./known-pages";
import { planRefresh } from "./refresh-plan";
import { mapSitePages, type SitePages } from "./site-pages";
import { parseStoryWebhook } from "./webhook-payload";
import { hasValidSignature } from "./webhook-signature";

/** Storyblok's payloads are a few hundred bytes; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 16 * 1024;

export interface WebhookRequest {
  /** The raw body, or "too-large" when it passed MAX_WEBHOOK_BYTES (not read further). */
  body: Buffer | "too-large";
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
}

export type Revalidate = (path: string) => Promise<void>;

export function createWebhookHandler(deps: WebhookDeps): (request: WebhookRequest, revalidate: Revalidate) => Promise<WebhookAnswer> {
  const log = deps.log ?? ((line: string) => console.error(line));
  // What the last listing said, so a story gone from the next one still has its old pages.
  const known = deps.known ?? ownKnownPages();

  return async (request, revalidate) => {
    if (request.body === "too-large") {
      log(`revalidate: refused a body over ${MAX_WEBHOOK_BYTES} bytes`);
      return { status: 413, body: { error: `The body is over ${MAX_WEBHOOK_BYTES} bytes.` } };
    }
    const secret = deps.secret();
    if (!secret) {
      log("revalidate: STORYBLOK_WEBHOOK_SECRET is not set, so no webhook can be checked; nothing revalidated");
      return { status: 500, body: { error: "The site has no webhook secret (STORYBLOK_WEBHOOK_SECRET)." } };
    }
    if (!hasValidSignature(request.body, request.signature, secret)) {
      log(`revalidate: ${request.signature ? "bad" : "missing"} webhook-signature; nothing revalidated`);
      return { status: 401, body: { error: "Missing or invalid webhook-signature." } };
    }
    const parsed = parseStoryWebhook(request.body.toString("utf8"));
    if (!parsed.ok) {
      log(`revalidate: signed payload refused: ${parsed.problem}`);
      return { status: 400, body: { error: `Not a story webhook: ${parsed.problem}.` } };
    }
    const { webhook } = parsed;

    let after: SitePages;
    try {
      after = mapSitePages(await deps.listStories());
    } catch (error) {
      log(`revalidate: ${webhook.action} story ${webhook.storyId}: cannot list the stories, nothing revalidated: ${String(error)}`);
      return { status: 502, body: { error: "The content API could not be read; nothing was revalidated.", action: webhook.action, story_id: webhook.storyId } };
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
    return {
      status: 200,
      body: { action: webhook.action, story_id: webhook.storyId, revalidated, failed, ...(plan.unknownStory && { unknown_story: true }) },
    };
  };
}
