/**
 * One batch of signed story webhooks that arrived together (batch-queue.ts):
 * one listing of the published stories (and with it one look-up of the
 * content version) for all of them, each webhook's pages planned against the
 * map from before, and every page in any plan regenerated once. Each webhook
 * then gets its own answer: the pages of its plan refreshed or not.
 *
 * Replays (replay-guard.ts) keep their rules: a payload processed
 * successfully at the same content is a duplicate; copies of one payload in
 * the same batch are processed once; a payload with a page not refreshed is
 * not remembered, so a retry in a later batch is processed again.
 */
import type { ListedStory } from "../content/access/content-queries";
import type { KnownPagesStore } from "./known-pages-store";
import { planRefresh, type RefreshPlan } from "./refresh-plan";
import { contentFingerprint, type ReplayGuard } from "./replay-guard";
import { mapSitePages, type SitePages } from "./site-pages";
import type { StoryWebhook } from "./webhook-payload";

export type Revalidate = (path: string) => Promise<void>;

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** What a batch tells the webhook's request while it runs, for an answer given before it ends (202). */
interface BatchProgress {
  plan?: RefreshPlan;
  /** The batch's pages whose regeneration has ended, refreshed or not. */
  settled?: ReadonlySet<string>;
  /** Set by the request that stopped waiting and answered 202. */
  answeredEarly?: boolean;
}

export interface QueuedWebhook {
  webhook: StoryWebhook;
  /** payloadKey of the raw body. */
  payload: string;
  /** Regenerates one page (the request's `res.revalidate`: any request of the batch can do it for all). */
  revalidate: Revalidate;
  progress: BatchProgress;
}

export interface BatchDeps {
  listStories(): Promise<ListedStory[]>;
  /** The map from before, and where the page gate learns the site's pages: each batch's listing is the newest. */
  store: KnownPagesStore;
  replays: ReplayGuard;
  /** Pages the build made: part of "every page" when a story's old page is unknown. */
  builtPages?: readonly string[];
  log: (line: string) => void;
}

export function webhookBatchRunner(deps: BatchDeps): (items: readonly QueuedWebhook[], batch: number) => Promise<WebhookAnswer[]> {
  const { store, replays, log } = deps;

  return async (items, batch) => {
    const started = performance.now();
    let listing: ListedStory[];
    let after: SitePages;
    // Read before the listing: what the pages were before this batch's changes.
    const before = await store.map();
    // When the listing began: what it shows is at least this fresh.
    const listedAt = Date.now();
    try {
      listing = await deps.listStories();
      after = mapSitePages(listing);
    } catch (error) {
      log(`revalidate: ${describe(items)}: cannot list the stories, nothing revalidated: ${String(error)}`);
      return items.map(({ webhook }) => ({
        status: 502,
        body: { error: "The content API could not be read; nothing was revalidated.", action: webhook.action, story_id: webhook.storyId },
      }));
    }
    const content = contentFingerprint(listing);
    const otherPages = deps.builtPages ?? [];
    if (!before)
      log(
        `revalidate: batch ${batch}: no story → pages map from before (a cold start, nothing in Redis); refreshing every page that cannot be ruled out`,
      );

    const firstCopy = new Map<string, QueuedWebhook>();
    const duplicates = new Set<QueuedWebhook>();
    for (const item of items) {
      const { webhook } = item;
      if (firstCopy.has(item.payload)) {
        log(`revalidate: ${describe([item])}: the same payload is in this batch already; processed once`);
        continue;
      }
      firstCopy.set(item.payload, item);
      const ago = replays.processedAgo(item.payload, content);
      if (ago !== undefined) {
        duplicates.add(item);
        log(
          `revalidate: ${describe([item])}: the same payload was processed ${Math.round(ago / 1000)} s ago and the content has not changed; nothing revalidated`,
        );
        continue;
      }
      item.progress.plan = planRefresh(webhook, before, after, otherPages);
      if (item.progress.plan.unknownStory)
        log(`revalidate: story ${webhook.storyId} is not in the previous listing; refreshing every page`);
    }
    // Before any page regenerates: a story published now is a known page from here on, on every instance.
    await store.keepListing(after, listedAt);

    const planned = items.filter((item) => item.progress.plan);
    const paths = [...new Set(planned.flatMap((item) => item.progress.plan!.paths))].sort();
    const settled = new Set<string>();
    items.forEach((item) => (item.progress.settled = settled));
    const failures = new Map<string, string>();
    // Each page once, whatever number of webhooks planned it; the pages at once, as Next.js renders them in parallel anyway.
    await Promise.all(
      paths.map(async (path) => {
        try {
          await items[0]!.revalidate(path);
        } catch (reason) {
          const error = reason instanceof Error ? reason.message : String(reason);
          failures.set(path, error);
          // Next.js keeps serving the page it had; the log says why it is not fresh.
          log(
            `revalidate: ${describe(planned.filter((item) => item.progress.plan!.paths.includes(path)))}: ${path} not refreshed: ${error}`,
          );
        }
        settled.add(path);
      }),
    );

    // In the items' order, so a payload's first copy is answered before its other copies.
    const answers = new Map<QueuedWebhook, WebhookAnswer>();
    for (const item of items) {
      const first = firstCopy.get(item.payload)!;
      if (first !== item) {
        // A copy of a payload processed in full is a duplicate; one whose pages failed answers as its original did.
        const original = answers.get(first)!;
        answers.set(item, (original.body.failed as unknown[]).length === 0 ? duplicate(item.webhook) : original);
      } else if (duplicates.has(item)) {
        answers.set(item, duplicate(item.webhook));
      } else {
        const answer = plannedAnswer(item.webhook, item.progress.plan!, failures);
        // A payload with a page not refreshed is not remembered: a retry must try again.
        if ((answer.body.failed as unknown[]).length === 0) replays.remember(item.payload, content);
        answers.set(item, answer);
      }
    }

    if (items.length > 1 || items.some((item) => item.progress.answeredEarly)) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const failedList = failures.size === 0 ? "none failed" : `${failures.size} not refreshed (${[...failures.keys()].join(", ")})`;
      log(
        `revalidate: batch ${batch} finished in ${seconds} s: ${items.length} webhook(s), ${paths.length - failures.size} page(s) refreshed, ${failedList}`,
      );
    }
    return items.map((item) => answers.get(item)!);
  };
}

function plannedAnswer(webhook: StoryWebhook, plan: RefreshPlan, failures: ReadonlyMap<string, string>): WebhookAnswer {
  return {
    status: 200,
    body: {
      action: webhook.action,
      story_id: webhook.storyId,
      revalidated: plan.paths.filter((path) => !failures.has(path)),
      failed: plan.paths.filter((path) => failures.has(path)).map((path) => ({ path, error: failures.get(path)! })),
      ...(plan.unknownStory && { unknown_story: true }),
      ...(plan.coldMap && { cold_map: true }),
    },
  };
}

function duplicate(webhook: StoryWebhook): WebhookAnswer {
  return { status: 200, body: { action: webhook.action, story_id: webhook.storyId, duplicate: true, revalidated: [], failed: [] } };
}

/** "published story 12", or the first three and how many more. */
function describe(items: readonly QueuedWebhook[]): string {
  const names = items.map(({ webhook }) => `${webhook.action} story ${webhook.storyId}`);
  return names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}
