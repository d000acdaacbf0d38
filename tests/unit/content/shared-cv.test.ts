/**
 * Every instance follows a publish within CONTENT_CV_TTL_SECONDS, whether or
 * not it got the webhook (issue 22): published answers are kept per content
 * version, so an instance adopts the latest cv at most every TTL, from Redis
 * when instances share one (any instance that learned it wrote it there),
 * else, or while Redis is away, by asking cdn/spaces/me. Over HTTP through
 * the counting proxy, with the real client; Redis a real server.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readCvTtlMs } from "../../../src/content/access/cv-follower";
import { contentRedisUrl, openContentLink } from "../../../src/content/access/shared/process-redis";
import { createSharedCvStore, sharedCvKey } from "../../../src/content/access/shared/shared-cv-store";
import { createSiteContent, type SiteContent } from "../../../src/content/access/site-content";
import { NO_REDIS, redisBinary, startLocalRedis, type LocalRedis } from "../../support/redis";
import { projectStory, storyFiles } from "./cdn-harness";
import { startProxiedCdn, type ProxiedCdn } from "./proxied-cdn";

const hasRedis = redisBinary() !== null;
if (!hasRedis) console.warn(NO_REDIS);
const TTL_SECONDS = 1;
const project = projectStory("projects/followed");

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** An instance's content, as site-content.ts makes it from the environment. */
function instance(served: ProxiedCdn, env: Record<string, string> = {}) {
  return createSiteContent({
    CONTENT_SOURCE: "storyblok",
    STORYBLOK_TOKEN: served.cdn.token,
    STORYBLOK_API_URL: `${served.source().endpoint}`,
    CONTENT_CV_TTL_SECONDS: String(TTL_SECONDS),
    ...env,
  });
}

async function publishTitle(served: ProxiedCdn, title: string): Promise<number> {
  await writeFile(
    join(served.dir, `stories/${project.full_slug}.json`),
    JSON.stringify({ ...project, content: { ...project.content, title } }),
  );
  return served.currentCv();
}

/**
 * What the publishing side does with a cv a webhook learned: shares it with every instance
 * through Redis (the store keeps the highest) and adopts it in this process.
 */
async function publishCv(content: SiteContent, cv: number): Promise<void> {
  await content.sharedCv?.write(cv);
  await content.published.followCacheVersion(cv);
}

const spacesMeSince = (served: ProxiedCdn, before: number) =>
  served.proxy.requests.slice(before).filter((r) => r.path.startsWith("/v2/cdn/spaces/me")).length;
const titleOf = async (content: ReturnType<typeof instance>) => (await content.queries.getProjectStory(["followed"]))?.content.title;

describe("without Redis: each instance asks cdn/spaces/me, at most every TTL", () => {
  let served: ProxiedCdn & { close(): Promise<void> };
  beforeAll(async () => {
    served = await startProxiedCdn(storyFiles([project]));
  });
  afterAll(() => served.close());

  it("serves its cv until the TTL is over, then the published one, with one cdn/spaces/me", async () => {
    const content = instance(served);
    // The instance learns its cv no earlier than this: it may follow a publish only a TTL after it.
    const learnedNoEarlierThan = performance.now();
    expect(await titleOf(content)).toBe("Project projects/followed");
    const before = served.proxy.requests.length;
    await publishTitle(served, "Published elsewhere");
    // The side a busy machine cannot break: the published title, with a cdn/spaces/me, never before
    // the TTL is over. On a quiet machine the TTL is not over yet, and the instance still serves its cv.
    const title = await titleOf(content);
    if (title === "Published elsewhere") expect(performance.now() - learnedNoEarlierThan).toBeGreaterThanOrEqual(TTL_SECONDS * 1000);
    else {
      expect(title).toBe("Project projects/followed");
      expect(served.proxy.requests.length).toBe(before);
    }

    await sleep(TTL_SECONDS * 1000 + 100);
    expect(await Promise.all([titleOf(content), titleOf(content), titleOf(content)])).toEqual(Array(3).fill("Published elsewhere"));
    expect(await titleOf(content)).toBe("Published elsewhere");
    // One look-up a TTL; one that came early (above) leaves room for one more after the wait.
    expect(title === "Published elsewhere" ? [1, 2] : [1]).toContain(spacesMeSince(served, before));
  });

  it("CONTENT_CV_TTL_SECONDS=0 follows nothing: the cv changes only with a refresh", async () => {
    const content = instance(served, { CONTENT_CV_TTL_SECONDS: "0" });
    const title = await titleOf(content);
    await publishTitle(served, "Not followed");
    await sleep(TTL_SECONDS * 1000 + 100);
    expect(await titleOf(content)).toBe(title);
    await content.queries.refresh();
    expect(await titleOf(content)).toBe("Not followed");
  });
});

describe.skipIf(!hasRedis)("with Redis: the cv one instance learned, every instance follows", () => {
  let served: ProxiedCdn & { close(): Promise<void> };
  let redis: LocalRedis;
  beforeAll(async () => {
    redis = await startLocalRedis();
    served = await startProxiedCdn(storyFiles([project]));
  });
  afterAll(async () => {
    await served?.close();
    await redis?.stop();
  });

  it("the publishing side's cv: raised in Redis, adopted here, read back; a lower one changes nothing", async () => {
    const content = instance(served, { REDIS_URL: redis.url, CONTENT_CV_TTL_SECONDS: "3600" });
    const before = await titleOf(content);
    const cv = await publishTitle(served, `Published at ${Date.now()}`);
    expect(await titleOf(content)).toBe(before);

    await publishCv(content, cv);
    expect(redis.cli("GET", sharedCvKey(served.source().endpoint, served.cdn.token))).toBe(String(cv));
    expect(await content.sharedCv?.read()).toBe(cv);
    expect(await titleOf(content)).toMatch(/^Published at /);
    await publishCv(content, cv - 1);
    expect(await content.sharedCv?.read()).toBe(cv);
  });

  it("reads Redis, not the API; a lower cv written later changes nothing; Redis away: the API, one log line", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const content = instance(served, { REDIS_URL: redis.url });
    expect(await titleOf(content)).toBeTypeOf("string");
    const before = served.proxy.requests.length;

    // Another instance got the webhook: its refresh wrote the new cv to Redis.
    const cv = await publishTitle(served, "Published through A");
    // Another instance's link: its log lines are that instance's, not this one's.
    const link = openContentLink(redis.url, { warn: () => undefined, info: () => undefined });
    const store = createSharedCvStore(link, sharedCvKey(served.source().endpoint, served.cdn.token));
    await store.write(cv);
    await store.write(cv - 100);
    expect(await store.read()).toBe(cv);

    await sleep(TTL_SECONDS * 1000 + 100);
    expect(await titleOf(content)).toBe("Published through A");
    expect(spacesMeSince(served, before)).toBe(0);

    // This instance's own refresh shares what it learned.
    const next = await publishTitle(served, "Refreshed on B");
    await content.queries.refresh();
    expect(await store.read()).toBe(next);

    await redis.pause();
    await publishTitle(served, "Published while Redis is away");
    await sleep(TTL_SECONDS * 1000 + 100);
    const away = served.proxy.requests.length;
    expect(await titleOf(content)).toBe("Published while Redis is away");
    expect(spacesMeSince(served, away)).toBe(1);
    const outage = warnings.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("Redis"));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toMatch(/is unreachable .*reads the content version from the API$/);
    await link.close();
    await redis.resume();
  });
});

describe("configuration", () => {
  it.each([
    [{}, 10_000],
    [{ CONTENT_CV_TTL_SECONDS: "0" }, 0],
    [{ CONTENT_CV_TTL_SECONDS: " 30 " }, 30_000],
  ])("CONTENT_CV_TTL_SECONDS %j is %d ms", (env, ms) => {
    expect(readCvTtlMs(env)).toBe(ms);
  });

  it.each(["-1", "1.5", "ten", "1e3"])("CONTENT_CV_TTL_SECONDS=%s stops with an error naming it", (value) => {
    expect(() => readCvTtlMs({ CONTENT_CV_TTL_SECONDS: value })).toThrow(/^CONTENT_CV_TTL_SECONDS must be a whole number/);
  });

  it.each([
    ["redis://127.0.0.1:6379", "redis://127.0.0.1:6379"],
    ["rediss://user:pw@cache.example:6380/2", "rediss://user:pw@cache.example:6380/2"],
    ["", undefined],
  ])("REDIS_URL=%s is read as %s", (value, url) => {
    expect(contentRedisUrl({ REDIS_URL: value })).toBe(url);
  });

  it.each(["localhost:6379", "http://cache:6379", "postgres://db/x", "redis//nope"])(
    "REDIS_URL=%s stops with an error naming it",
    (value) => {
      expect(() => contentRedisUrl({ REDIS_URL: value })).toThrow(/^REDIS_URL /);
    },
  );
});
