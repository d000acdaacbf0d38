/**
 * The content client's limits, against the local CDN over HTTP with the real
 * storyblok-js-client. Fake timers stand in only for the 300 ms retry waits.
 * Error shapes are in error-shape.test.ts.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createContentClient } from "../../../src/content/access/client";
import { ContentRequestError } from "../../../src/content/access/content-errors";
import { homeRelatingProjects, serveStoriesForSuite } from "./cdn-harness";

const RELATED_COUNT = 120;
const { home, related } = homeRelatingProjects(RELATED_COUNT, "p");
const served = serveStoriesForSuite([home, ...related]);
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Real time passes on node:timers/promises, which fake timers leave alone; HTTP round trips need it. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(2);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (reason: unknown) => reason,
  );
}

describe("429 retries", () => {
  it("retries a 429 after exactly 300 ms, and succeeds after 3 retries", async () => {
    // The client logs once per retry, just before it starts waiting.
    const retryLog = vi.spyOn(console, "log").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    served.cdn.faults.inject({ kind: "status", status: 429 }, 3);
    const before = served.cdn.requests.length;
    const result = served.cdn.previewClient().getStory("projects/p0", { version: "draft" });

    for (let retry = 1; retry <= 3; retry++) {
      await until(() => retryLog.mock.calls.length === retry);
      expect(served.cdn.requests.length - before).toBe(retry);
      await vi.advanceTimersByTimeAsync(299);
      await sleep(20);
      expect(served.cdn.requests.length - before).toBe(retry);
      await vi.advanceTimersByTimeAsync(1);
    }
    const { data } = await result;
    expect(data.story.full_slug).toBe("projects/p0");
    expect(served.cdn.requests.length - before).toBe(4);
    expect(retryLog).toHaveBeenCalledTimes(3);
  });

  it("gives up after 10 retries of a 429 with the error shape", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    served.cdn.faults.inject({ kind: "status", status: 429 }, 11);
    const before = served.cdn.requests.length;
    let settled = false;
    const result = rejection(served.cdn.previewClient().getStory("projects/p1", { version: "draft" })).finally(() => (settled = true));
    while (!settled) {
      // Retry waits are on fake time; the 5-per-second throttle also needs real time to pass.
      await sleep(5);
      await vi.advanceTimersByTimeAsync(300);
    }
    const error = await result;
    expect(served.cdn.requests.length - before).toBe(11);
    expect(served.cdn.faults.pending).toBe(0);
    expect(error).toBeInstanceOf(ContentRequestError);
    expect(error).toMatchObject({ message: "Too Many Requests", status: 429, response: { status: 429 } });
  });
});

describe("relations above 50", () => {
  it("fetches 120 related stories as by_uuids batches of 50, 50 and 20, then resolves them", async () => {
    const before = served.cdn.requests.length;
    const { data } = await served.cdn.previewClient().getStory("home", { version: "draft", resolve_relations: ["card_list.projects"] });
    const batches = served.cdn.requests
      .slice(before)
      .map((r) => r.url.searchParams.get("by_uuids"))
      .filter((v): v is string => v !== null)
      .map((v) => v.split(",").length);
    expect(batches).toEqual([50, 50, 20]);
    const projects = data.story.content.body[0].projects as { full_slug: string }[];
    expect(projects).toHaveLength(RELATED_COUNT);
    expect(projects.map((p) => p.full_slug)).toEqual(related.map((s) => s.full_slug));
  });

  it("sends rel_uuids instead of rels above 50", async () => {
    const body = await (await served.cdn.api("stories/home", { resolve_relations: "card_list.projects" })).json();
    expect(body.rels).toBeUndefined();
    expect(body.rel_uuids).toHaveLength(RELATED_COUNT);
  });
});

/** Most requests the server saw starting in any one-second window. */
function busiestSecond(times: number[]): number {
  // Allow for the gap between the client starting a request and the server seeing it: on a
  // loaded 2-core machine one request can reach the server 20-40 ms late and bunch with the
  // next window's. An unthrottled client sends all of them within a few ms, far inside this.
  return Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + 1000 - 60).length));
}

describe("rate limit", () => {
  it("never sends more than 5 requests in any one-second window", async () => {
    const client = served.cdn.previewClient();
    const before = served.cdn.requests.length;
    await Promise.all(related.slice(0, 12).map((s) => client.getStory(s.full_slug, { version: "draft" })));
    const times = served.cdn.requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(12);
    expect(busiestSecond(times)).toBeLessThanOrEqual(5);
  });

  it("never sends more than 3 in any one-second window with an OAuth token", async () => {
    const client = createContentClient({
      source: { kind: "storyblok", token: served.cdn.token, previewToken: served.cdn.previewToken, endpoint: `${served.cdn.url}/v2` },
      access: "preview",
      oauthToken: "oauth-test-token",
    });
    const before = served.cdn.requests.length;
    await Promise.all(related.slice(20, 27).map((s) => client.getStory(s.full_slug, { version: "draft" })));
    const times = served.cdn.requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(7);
    expect(busiestSecond(times)).toBeLessThanOrEqual(3);
  });
});
