/**
 * The content API's limit across instances: two "processes" (each its own
 * limiter, Redis connection and local window, as two `next start`s have)
 * share one real Redis and together stay at 5 requests in any 1000 ms,
 * counted at a proxy in front of `portfolio content serve`'s handler. When
 * Redis goes away mid-run, requests still go through, each process on its
 * own window, and the outage is logged once; when it is back, once more.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITER_WINDOW_MS, REQUESTS_KEY_PREFIX } from "../../../src/content/access/rate-limit/process-limiter";
import { createRedisWindow } from "../../../src/content/access/rate-limit/redis-window";
import { createRequestLimiter } from "../../../src/content/access/rate-limit/request-limiter";
import { openContentLink } from "../../../src/content/access/shared/process-redis";
import type { RedisLink } from "../../../src/redis/redis-link.mjs";
import { busiestWindow } from "../../support/counting-proxy";
import { HANG_GUARD_MS, untilHangGuard } from "../../support/hang-guard";
import { NO_REDIS, redisBinary, startLocalRedis, type LocalRedis } from "../../support/redis";
import { projectStory, storyFiles } from "./cdn-harness";
import { startProxiedCdn, type ProxiedCdn } from "./proxied-cdn";

const hasRedis = redisBinary() !== null;
if (!hasRedis) console.warn(NO_REDIS);

const projects = Array.from({ length: 40 }, (_, i) => projectStory(`projects/r${i}`));

describe.skipIf(!hasRedis)("the limit shared through Redis", () => {
  let redis: LocalRedis;
  let served: ProxiedCdn & { close(): Promise<void> };
  const links: RedisLink[] = [];
  beforeAll(async () => {
    redis = await startLocalRedis();
    served = await startProxiedCdn(storyFiles(projects));
  });
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    await served?.close();
    await redis?.stop();
  });

  /** What one server process has: its own Redis connection, limiter and client. */
  function process_(log: string[] = []) {
    const link = openContentLink(redis.url, { warn: (line) => log.push(line), info: (line) => log.push(line) });
    links.push(link);
    const key = `${REQUESTS_KEY_PREFIX}${served.source().endpoint}`;
    const limiter = createRequestLimiter({ windowMs: LIMITER_WINDOW_MS, shared: createRedisWindow(link, key, LIMITER_WINDOW_MS) });
    return { client: served.client({ limiter }), log, link };
  }
  /** Connected, as a server is once it has started: the first command does not race the connection's wait. */
  const connected = (link: RedisLink) =>
    untilHangGuard(async () => (await link.client).isReady, `the connection to Redis at ${link.where}`);

  const fetchStories = (client: ReturnType<typeof process_>["client"], from: number, to: number) =>
    Promise.all(projects.slice(from, to).map((story) => client.getStory(story.full_slug, { version: "published" })));

  it("two processes together send at most 5 in any 1000 ms", async () => {
    const [a, b] = [process_(), process_()];
    await Promise.all([connected(a.link), connected(b.link)]);
    const before = served.proxy.requests.length;
    await Promise.all([fetchStories(a.client, 0, 8), fetchStories(b.client, 8, 16)]);
    const sent = served.proxy.requests.slice(before);
    expect(sent).toHaveLength(16);
    expect(sent.every((r) => r.status === 200)).toBe(true);
    // A Redis that did not answer within the link's command timeout (500 ms) counts as gone, which a process
    // logs, and then it counts its own requests (5 each, as designed): a machine busy enough for that is told
    // by the log, not taken for a broken limit. With Redis answering, the two share 5.
    const fellBack = a.log.length + b.log.length > 0;
    expect(busiestWindow(sent.map((r) => r.at))).toBeLessThanOrEqual(fellBack ? 10 : 5);
    if (fellBack) expect(a.log.concat(b.log).every((line) => /is unreachable|is back/.test(line))).toBe(true);
  });

  it("Redis stopped mid-run: requests still go through on the process's own window, one log line; back: one more", async () => {
    await new Promise((resolve) => setTimeout(resolve, LIMITER_WINDOW_MS));
    const one = process_();
    const before = served.proxy.requests.length;
    const run = fetchStories(one.client, 16, 31);
    // Stopped once the first requests went out through Redis.
    while (served.proxy.requests.length - before < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await redis.pause();
    const stories = await run;
    expect(stories.map((s) => s.data.story.full_slug)).toEqual(projects.slice(16, 31).map((s) => s.full_slug));
    const sent = served.proxy.requests.slice(before);
    expect(sent).toHaveLength(15);
    expect(busiestWindow(sent.map((r) => r.at))).toBeLessThanOrEqual(5);
    expect(one.log).toHaveLength(1);
    expect(one.log[0]).toMatch(/^content: Redis at 127\.0\.0\.1:\d+ is unreachable \(.+\); until it is back, each instance counts its own/);

    await redis.resume();
    // node-redis reconnects within a couple of seconds, which the link logs once; requests then go through Redis again.
    const key = `${REQUESTS_KEY_PREFIX}${served.source().endpoint}`;
    // A hang guard (HANG_GUARD_MS, some ten times the reconnect's quiet-machine time), not a limit: the assertions follow.
    const deadline = Date.now() + HANG_GUARD_MS;
    for (let i = 31; (one.log.length < 2 || redis.cli("EXISTS", key) !== "1") && Date.now() < deadline; i = i < 39 ? i + 1 : 31) {
      await fetchStories(one.client, i, i + 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(one.log).toHaveLength(2);
    expect(one.log[1]).toMatch(/is back; instances share the content API's limit and the content version again$/);
    expect(redis.cli("EXISTS", key)).toBe("1");
  });
});
