/**
 * The story → pages map shared through a real Redis (tests/support/redis.ts):
 * two instances of the webhook route, each with its own memory and its own
 * connection, as two servers have, over one content API. What one listed,
 * the other plans from; Redis going away leaves each on its own copy, said
 * once, and once more when Redis is back.
 */
import { cp, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { redisWhere } from "../../../src/redis/redis-url.mjs";
import { SITE_PAGES_KEY } from "../../../src/publishing/redis-known-pages-store";
import { openMapLink, siteKnownPagesStore } from "../../../src/publishing/site-known-pages";
import { ownKnownPagesStore } from "./own-known-pages-store";
import { mapSitePages } from "../../../src/publishing/site-pages";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "../content/cdn-harness";
import { beforeHangGuard, HANG_GUARD_MS } from "../../support/hang-guard";
import { NO_REDIS, redisBinary, startLocalRedis, type LocalRedis } from "../../support/redis";
import { startWebhookSite, type WebhookSite } from "./webhook-site";

const FIELDNOTES_PAGES = ["/", "/projects/2024/atlas", "/projects/fieldnotes"];
const ATLAS = { action: "published", story_id: 512004201, full_slug: "projects/2024/atlas" };
const ATLAS_PAGES = ["/", "/projects/2024/atlas", "/projects/ledger-lane", "/projects/tidewater"];

if (!redisBinary()) console.log(NO_REDIS);

describe.skipIf(!redisBinary())("the map in Redis", () => {
  let dir: string;
  let cdn: RunningCdn;
  let redis: LocalRedis;
  let open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "shared-map-"));
    await cp(EMBEDDED_CONTENT, dir, { recursive: true });
    const siteFile = join(dir, "stories/site.json");
    const settings = JSON.parse(await readFile(siteFile, "utf8"));
    await writeFile(
      siteFile,
      JSON.stringify({ ...settings, content: { _uid: settings.content._uid, component: "site_config", site_name: "Elena Varga" } }),
    );
    cdn = await startCdn(dir);
    redis = await startLocalRedis();
  });
  afterAll(async () => {
    await redis?.stop();
    await cdn?.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const resource of open.reverse()) await resource.close();
    open = [];
    redis.cli("FLUSHALL");
  });

  /** One server: its own connection to Redis, its own memory, its own log. */
  async function instance(): Promise<WebhookSite & { redisLog: string[] }> {
    const redisLog: string[] = [];
    const link = openMapLink(redis.url, { warn: (line) => redisLog.push(line), info: (line) => redisLog.push(line) });
    const site = await startWebhookSite(cdn, { store: ownKnownPagesStore(link, (line) => redisLog.push(line)) });
    open.push(link, site);
    return Object.assign(site, { redisLog });
  }

  async function hideFieldnotes(): Promise<() => Promise<void>> {
    const file = join(dir, "stories/projects/fieldnotes.json");
    await rename(file, `${file}.gone`);
    return () => rename(`${file}.gone`, file);
  }

  it("B plans a story A listed: `deleted` sent to B finds the old page, no cold map", async () => {
    const a = await instance();
    expect((await a.send({ action: "published", story_id: 512004204, full_slug: "projects/fieldnotes" })).body.cold_map).toBe(true);
    const b = await instance();
    const restore = await hideFieldnotes();
    try {
      const answer = await b.send({ action: "deleted", story_id: 512004204 });
      expect(answer.body).toMatchObject({ revalidated: FIELDNOTES_PAGES, failed: [] });
      expect(answer.body.cold_map).toBeUndefined();
      expect(answer.body.unknown_story).toBeUndefined();
      // And B's listing is now the shared one: A, next, plans without Fieldnotes.
      const stored = JSON.parse(redis.cli("GET", SITE_PAGES_KEY));
      expect(stored.version).toBe(1);
      expect(stored.stories.map((story: [number]) => story[0])).not.toContain(512004204);
    } finally {
      await restore();
    }
  });

  it("the start-up listing does not replace a map that is there (it may still name a story deleted since)", async () => {
    const link = openMapLink(redis.url, { warn: () => undefined, info: () => undefined });
    open.push(link);
    const first = ownKnownPagesStore(link);
    const second = ownKnownPagesStore(link);
    const listed = (ids: number[]) =>
      mapSitePages(
        ids.map((id) => ({
          id,
          uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
          full_slug: `projects/p${id}`,
          content: {},
        })),
      );
    await first.keepListing(listed([1, 2]), 1, { ifAbsent: true });
    await second.keepListing(listed([2]), 2, { ifAbsent: true });
    expect([...((await second.map())?.stories.keys() ?? [])]).toEqual([1, 2]);
    await second.keepListing(listed([2]), 3);
    expect([...((await first.map())?.stories.keys() ?? [])]).toEqual([2]);
  });

  it("a map another release wrote (another version) is not misread: the instance is cold and says why, once", async () => {
    redis.cli("SET", SITE_PAGES_KEY, JSON.stringify({ version: 2, pages: {} }));
    const b = await instance();
    const restore = await hideFieldnotes();
    try {
      const answer = await b.send({ action: "deleted", story_id: 512004204 });
      expect(answer.body.cold_map).toBe(true);
      expect(b.redisLog).toEqual([
        `revalidate: the story → pages map in Redis (${SITE_PAGES_KEY}) is not usable (version 2, this release reads 1); using this process's`,
      ]);
    } finally {
      await restore();
    }
  });

  it("Redis away: webhooks still answered from the process's map, one log line; back: one line, and the map is shared again", async () => {
    const a = await instance();
    await a.send(ATLAS);
    await redis.pause();
    try {
      for (const [n, action] of ["published", "unpublished", "published"].entries()) {
        // A dead Redis must not hold the webhook: its answer comes (how soon is the bulk-publish bench's figure).
        const answer = await beforeHangGuard(
          a.send({ ...ATLAS, action, text: `${action} while Redis is away (${n})` }),
          "an answer with Redis away",
        );
        expect(answer.status).toBe(200);
        // Planned from this process's own map (warm), not cold.
        expect(answer.body.cold_map).toBeUndefined();
        expect(answer.body.revalidated).toEqual(ATLAS_PAGES);
      }
      expect(a.redisLog).toHaveLength(1);
      expect(a.redisLog[0]).toMatch(
        new RegExp(
          `^revalidate: Redis at ${redisWhere(redis.url)} is unreachable \\(.+\\); the story → pages map is kept in this process's memory until it is back$`,
        ),
      );
    } finally {
      await redis.resume();
    }
    // The client reconnects in the background (within 2 s); the restarted Redis is empty, so the webhooks
    // meanwhile and after work from memory, and the first one that reaches Redis writes the map again.
    await expect
      .poll(
        async () => {
          expect((await a.send({ ...ATLAS, text: "after Redis came back" })).status).toBe(200);
          return a.redisLog.length;
        },
        // A hang guard: the reconnect takes a second or two on a quiet machine.
        { timeout: HANG_GUARD_MS, interval: 300 },
      )
      .toBe(2);
    expect(a.redisLog.slice(1)).toEqual([`revalidate: Redis at ${redisWhere(redis.url)} is back; the story → pages map is shared again`]);
    expect(JSON.parse(redis.cli("GET", SITE_PAGES_KEY)).version).toBe(1);
  });

  it("a new instance while Redis is away has no map: cold, and says so in the answer", async () => {
    await redis.pause();
    try {
      const b = await instance();
      const answer = await b.send(ATLAS);
      expect(answer).toMatchObject({ status: 200, body: { cold_map: true, revalidated: ATLAS_PAGES } });
      expect(b.redisLog).toHaveLength(1);
    } finally {
      await redis.resume();
    }
  });
});

describe("REDIS_URL", () => {
  it("one that is not a Redis URL is said once, and the map stays in the process's memory", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const env = { REDIS_URL: "http://user:hunter2@cache.internal:6379" };
    siteKnownPagesStore(env);
    siteKnownPagesStore(env);
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([
      "revalidate: REDIS_URL must start with redis:// or rediss:// (it starts with http://); the story → pages map and the known pages are kept in this process's memory only",
    ]);
    errors.mockRestore();
  });
});
