/**
 * Publishing first, every queue bounded (issue 36): the request limiter
 * hands each free slot to the oldest waiting request of the highest
 * priority, turns a request away at once when its priority's queue is full
 * or a visitor's has waited its limit, and sends nothing for it. The first
 * part drives the limiter itself (a real window, no content API); the
 * second the real storyblok-js-client against the local content API over
 * HTTP, counted at a proxy, with the priority carried by the work
 * (AsyncLocalStorage) as the site's pages and webhook route set it.
 */
import { describe, expect, it } from "vitest";
import { ContentBusyError, isContentBusy } from "../../../src/content/access/rate-limit/content-busy";
import { doContentWork } from "../../../src/content/access/rate-limit/content-work";
import { createRequestLimiter, QUEUE_BOUNDS, type QueueBound } from "../../../src/content/access/rate-limit/request-limiter";
import {
  currentPriority,
  DEFAULT_PRIORITY,
  runAtPriority,
  type RequestPriority,
} from "../../../src/content/access/rate-limit/request-priority";
import type { Slot } from "../../../src/content/access/rate-limit/sliding-window";
import { beforeHangGuard } from "../../support/hang-guard";
import { homeRelatingProjects, storyFiles } from "./cdn-harness";
import { proxiedCdnForSuite } from "./proxied-cdn";

const WINDOW_MS = 200;
const roomy: QueueBound = { waiting: 100, waitMs: Infinity };

function limiterWith(visitor: QueueBound, log: string[] = []) {
  return createRequestLimiter({
    windowMs: WINDOW_MS,
    bounds: { publish: roomy, regeneration: roomy, visitor },
    log: (line) => log.push(line),
  });
}

describe("the limiter's order", () => {
  it("each slot goes to the oldest publish, then regeneration, then visitor request, whatever the order they came in", async () => {
    const limiter = limiterWith(roomy);
    const order: string[] = [];
    // Fill the window (limit 1): everything below waits for the next slot.
    const first = await limiter.acquire(1, "visitor");
    const waiting = (
      [
        ["visitor", "v1"],
        ["visitor", "v2"],
        ["regeneration", "r1"],
        ["publish", "p1"],
        ["visitor", "v3"],
        ["publish", "p2"],
        ["regeneration", "r2"],
      ] as [RequestPriority, string][]
    ).map(([priority, name]) =>
      limiter.acquire(1, priority).then((slot) => {
        order.push(name);
        slot.release();
      }),
    );
    first.release();
    await Promise.all(waiting);
    expect(order).toEqual(["p1", "p2", "r1", "r2", "v1", "v2", "v3"]);
  });

  it("a publish that comes while visitors wait is next, not last", async () => {
    const limiter = limiterWith(roomy);
    const order: string[] = [];
    const taken = await limiter.acquire(1, "visitor");
    const visitors = [1, 2, 3].map((n) => limiter.acquire(1, "visitor").then((slot) => (order.push(`v${n}`), slot.release())));
    // The window frees one slot per WINDOW_MS after each answer: release now, publish asks right after.
    taken.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const publish = limiter.acquire(1, "publish").then((slot) => (order.push("publish"), slot.release()));
    await Promise.all([...visitors, publish]);
    // v1 may have had the first free slot before the publish asked; the publish comes before every later one.
    expect(order.indexOf("publish")).toBeLessThanOrEqual(1);
    expect(order).toHaveLength(4);
  });

  it("the priority comes from the work the request is part of; outside any, it is not a visitor's", () => {
    expect(currentPriority()).toBe(DEFAULT_PRIORITY);
    expect(DEFAULT_PRIORITY).not.toBe("visitor");
    expect(runAtPriority("visitor", () => currentPriority())).toBe("visitor");
    expect(runAtPriority("publish", () => runAtPriority("visitor", () => currentPriority()))).toBe("visitor");
  });
});

describe("bounded queues", () => {
  it("a visitor's request that finds the visitors' queue full is turned away at once; the others still go", async () => {
    const log: string[] = [];
    const limiter = limiterWith({ waiting: 3, waitMs: Infinity }, log);
    const held = await limiter.acquire(1, "visitor");
    const queued = [1, 2, 3].map(() => limiter.acquire(1, "visitor"));
    // At once: no slot is freed before this settles (the held one is released below) and waits have no limit, so
    // only the full queue can turn it away; a request that queued instead would never settle (the hang guard).
    const refused = await beforeHangGuard(
      limiter.acquire(1, "visitor").then(
        () => undefined,
        (error: unknown) => error,
      ),
      "the turned-away request settling",
    );
    expect(isContentBusy(refused)).toBe(true);
    expect(refused).toMatchObject({ statusCode: 503, priority: "visitor", retryAfterSeconds: 1 });
    // Publishing is not a visitor: its queue is its own.
    const publish = limiter.acquire(1, "publish");
    held.release();
    // Each answer comes at once (a released slot frees the window a WINDOW_MS later).
    await Promise.all([publish, ...queued].map((slot) => slot.then((taken: Slot) => taken.release())));
    expect(log).toEqual([expect.stringMatching(/^content: 1 visitor request\(s\) turned away \(3 already waiting\)/)]);
  });

  it("a visitor's request that waited its limit is turned away, and leaves the queue", async () => {
    const limiter = limiterWith({ waiting: 1, waitMs: 150 });
    const held = await limiter.acquire(1, "regeneration");
    const started = performance.now();
    const refused = await limiter.acquire(1, "visitor").catch((error: unknown) => error);
    expect(isContentBusy(refused)).toBe(true);
    expect(refused).toMatchObject({ why: "waited 150 ms for a slot" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    // It left the queue (of one place): the next visitor waits its own limit, not refused as a crowd.
    const next = await limiter.acquire(1, "visitor").catch((error: unknown) => error);
    expect(next).toMatchObject({ why: "waited 150 ms for a slot" });
    held.release();
    // And took no slot: a publish gets the one the held request frees.
    const publish = await limiter.acquire(1, "publish");
    publish.release();
  });

  it("the site's bounds: a short, time-limited queue for visitors; publishing and regeneration bounded but never timed out", () => {
    expect(QUEUE_BOUNDS.visitor.waiting).toBeLessThanOrEqual(32);
    expect(QUEUE_BOUNDS.visitor.waitMs).toBeLessThanOrEqual(5000);
    for (const priority of ["publish", "regeneration"] as const) {
      expect(Number.isFinite(QUEUE_BOUNDS[priority].waiting)).toBe(true);
      expect(QUEUE_BOUNDS[priority].waitMs).toBe(Infinity);
    }
  });
});

const { home, related } = homeRelatingProjects(60, "q");
const suite = proxiedCdnForSuite(storyFiles([home, ...related]));

describe("through the real client and the content API over HTTP", () => {
  it("a webhook's requests go before a crowd of visitors' that asked first", async () => {
    const { served } = suite;
    const limiter = limiterWith({ waiting: 100, waitMs: Infinity });
    const client = served.client({ limiter });
    const before = served.proxy.requests.length;
    const visitors = related
      .slice(0, 12)
      .map((story) => doContentWork("visitor", () => client.getStory(story.full_slug, { version: "published" })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const publish = doContentWork("publish", () => client.getStory(related[40]!.full_slug, { version: "published" }));
    await Promise.all([...visitors, publish]);
    const paths = served.proxy.requests.slice(before).map((request) => request.path);
    const publishAt = paths.findIndex((path) => path.includes(related[40]!.full_slug));
    // At most the 5 that had a slot before it asked went first.
    expect(publishAt).toBeGreaterThanOrEqual(0);
    expect(publishAt).toBeLessThanOrEqual(5);
    expect(paths).toHaveLength(13);
  });

  it("a page whose request was turned away fails with ContentBusyError (503), though the client reported a plain failure; nothing was sent for it", async () => {
    const { served } = suite;
    const limiter = limiterWith({ waiting: 1, waitMs: Infinity });
    const client = served.client({ limiter });
    const held = await limiter.acquire(5, "publish");
    const holds = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire(5, "publish")));
    const before = served.proxy.requests.length;
    const first = doContentWork("visitor", () => client.getStory(related[50]!.full_slug, { version: "published" }));
    const second = doContentWork("visitor", () => client.getStory(related[51]!.full_slug, { version: "published" }));
    const refused = await second.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentBusyError);
    expect(refused).toMatchObject({ statusCode: 503, priority: "visitor" });
    [held, ...holds].forEach((slot) => slot.release());
    await first;
    const sent = served.proxy.requests.slice(before).map((request) => request.path);
    expect(sent.some((path) => path.includes(related[51]!.full_slug))).toBe(false);
    expect(sent.some((path) => path.includes(related[50]!.full_slug))).toBe(true);
  });
});
