/**
 * Several instances (issue 22), over HTTP on production servers: a copy of
 * the second build `npm test` makes (hostile-build.ts: the site with the 40
 * bulk projects below prerendered), started with REDIS_URL (`next start`
 * evaluates next.config.ts again, so REDIS_URL at start wires the shared page
 * cache in: src/publishing/shared-cache/next-config.ts), one real Redis, the
 * local content API over HTTP behind a counting proxy (CONTENT_SOURCE=
 * storyblok, as a deployed site reads Storyblok), two `next start` A and B:
 *   - a webhook to A: B serves the fresh page on its next request;
 *   - 40 projects changed and 40 webhooks within a second: every answer in
 *     5 s (202 allowed), every page fresh on both, never more than 5 content
 *     API requests in any 1,000 ms at the proxy, each page written to the
 *     shared cache once (Redis MONITOR);
 *   - `deleted` and `moved` sent to an instance started after the content
 *     changed (its start-up listing never saw the old paths): the old pages
 *     are 404 on both;
 *   - Redis stopped: pages still served by both, one log line each; Redis
 *     back: the next webhook refreshes both;
 *   - REVALIDATE_SECONDS=2 and no webhook: an edited page is fresh after it;
 *   - a project published through one instance is a page on the other at once (the known pages
 *     are shared through Redis), and made-up paths cost the content API nothing on either.
 * No build of its own, servers reused, serial; skipped with one line without redis-server.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { sendStoryWebhook, storyWebhookPayload } from "../../src/publishing/send-webhook";
import { startNextServer, type NextServer } from "../support/next-server";
import { NO_REDIS, redisBinary, startLocalRedis, type LocalRedis } from "../support/redis";
import { REPO, startContentApi, type ContentApi } from "./publishing-harness";
import { copyBuild } from "./support/build-copy";
import { HOSTILE_DIST, hostileBuild } from "./hostile-build";
import { addBulkProjects, bulkFigures, editBulkProjects, sendBulkWebhooks, waitUntilFresh, type BulkProject } from "./support/bulk-publish";
import { startCountingProxy, type CountingProxy } from "../support/counting-proxy";
import { pageOfKey, watchRedisWrites } from "./support/redis-writes";

test.describe.configure({ mode: "serial" });
test.skip(redisBinary() === null, NO_REDIS);

const TOKEN = "instances-e2e";
const SECRET = "instances-e2e-secret";
const DIST = ".next-e2e-instances";
/** The content API, Redis and two servers; the second build too when it is missing (about a minute on two idle cores). */
const SETUP_TIMEOUT = 480_000;
/** The hard limits: an answer within 5 s, at most 5 content API requests in any 1,000 ms. */
const ANSWER_LIMIT_MS = 5000;
const REQUESTS_PER_SECOND = 5;
/** The shared page cache's log lines (its link to Redis, src/redis/redis-link.mjs). */
const REDIS_LOST = "shared page cache: Redis at";
const LOST_TAIL = "is unreachable";
const BACK_TAIL = "is back;";

let api: ContentApi;
let proxy: CountingProxy;
let redis: LocalRedis;
let a: NextServer;
let b: NextServer;
let bulk: BulkProject[];
const timings: Record<string, number> = {};

const siteEnv = (extra: Record<string, string> = {}) => ({
  CONTENT_SOURCE: "storyblok",
  STORYBLOK_TOKEN: TOKEN,
  STORYBLOK_API_URL: `${proxy.url}/v2`,
  STORYBLOK_WEBHOOK_SECRET: SECRET,
  REDIS_URL: redis.url,
  NEXT_PUBLIC_SITE_URL: "https://elena-varga.example",
  ...extra,
});
const startInstance = (extra: Record<string, string> = {}) => startNextServer({ distDir: DIST, env: siteEnv(extra), timeoutMs: 60_000 });

const storyPath = (slug: string) => join(api.dir, "stories", `${slug}.json`);
const readStory = async (slug: string) => JSON.parse(await readFile(storyPath(slug), "utf8"));
const writeStory = async (slug: string, story: unknown) => {
  await mkdir(join(storyPath(slug), ".."), { recursive: true });
  await writeFile(storyPath(slug), JSON.stringify(story));
};
const page = async (site: NextServer, path: string) => {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, text: await response.text() };
};
const send = (site: NextServer, action: Parameters<typeof storyWebhookPayload>[0], id: number, slug?: string) =>
  sendStoryWebhook(site.url, storyWebhookPayload(action, id, slug), SECRET);
/**
 * A webhook's batch is over: answered 200 (its pages regenerated), or 202 because it outlasted the
 * answer's time limit (4 s, which a machine busy with other tests can exceed) and then logged its end
 * by the instance. What a test checks next, every instance serving the fresh page, holds from there.
 */
async function expectDone(site: NextServer, answer: Awaited<ReturnType<typeof send>>): Promise<void> {
  expect([200, 202], JSON.stringify(answer.body)).toContain(answer.status);
  if (answer.status === 200) return;
  const { batch } = answer.body as { batch: number };
  await expect.poll(() => site.output().includes(`revalidate: batch ${batch} finished in `), { timeout: 30_000 }).toBe(true);
}
const buildId = async () => (await readFile(join(REPO, DIST, "BUILD_ID"), "utf8")).trim();
const count = (text: string, ...parts: string[]) => text.split("\n").filter((line) => parts.every((part) => line.includes(part))).length;

test.beforeAll(async () => {
  test.setTimeout(SETUP_TIMEOUT);
  api = await startContentApi(TOKEN);
  bulk = await addBulkProjects(api.dir);
  proxy = await startCountingProxy(new URL(api.apiUrl).origin);
  redis = await startLocalRedis();
  // A build whose prerendered pages include the bulk projects (a page first published after the
  // build is another case); REDIS_URL at start, not at build, wires the cache handler in.
  await hostileBuild();
  const copying = Date.now();
  await copyBuild(HOSTILE_DIST, DIST);
  timings.copyBuild = Date.now() - copying;
  [a, b] = [await startInstance(), await startInstance()];
});

test.afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await redis?.stop();
  await proxy?.close();
  await api?.close();
  await rm(join(REPO, DIST), { recursive: true, force: true });
  if (Object.keys(timings).length > 0) console.log(`instances e2e timings (ms): ${JSON.stringify(timings)}`);
});

test("a webhook to A: B serves the fresh page on its next request", async () => {
  const tidewater = await readStory("projects/tidewater");
  const before = tidewater.content.title as string;
  expect((await page(a, "/projects/tidewater")).text).toContain(before);
  expect((await page(b, "/projects/tidewater")).text).toContain(before);

  await writeStory("projects/tidewater", { ...tidewater, content: { ...tidewater.content, title: "Tidewater, published through A" } });
  const answer = await send(a, "published", tidewater.id, tidewater.full_slug);
  await expectDone(a, answer);
  const onB = await page(b, "/projects/tidewater");
  expect(onB.status).toBe(200);
  expect(onB.text).toContain("Tidewater, published through A");
  // The page lives in Redis under the build's id, not in B's memory or disk.
  const prefix = `portfolio:pages:${await buildId()}:`;
  const keys = redis.cli("--scan", "--pattern", `${prefix}*`).split("\n");
  expect(keys.map((key) => pageOfKey(key, prefix))).toContain("/projects/tidewater");
});

test("a project published through A is a page on B at once, with no listing of B's own; made-up paths cost neither anything", async () => {
  const atlas = await readStory("projects/2024/atlas");
  const fresh = {
    ...atlas,
    id: 522000002,
    uuid: "0b5e7a9c-1d2e-4f3a-8b4c-5d6e7f822002",
    slug: "lantern-quay",
    full_slug: "projects/lantern-quay",
    content: { ...atlas.content, title: "Lantern Quay" },
  };
  const from = proxy.requests.length;
  const unknown = await Promise.all(
    [a, b].flatMap((site) => Array.from({ length: 40 }, (_, n) => page(site, `/projects/lantern-quay-${n}`))),
  );
  expect(unknown.every((answer) => answer.status === 404)).toBe(true);
  // Nothing for the made-up paths; at most the site settings for each instance's one render of its not-found page.
  const sent = proxy.requests.slice(from);
  expect(sent.filter((request) => request.path.includes("lantern-quay"))).toEqual([]);
  expect(sent.length).toBeLessThanOrEqual(4);

  await writeStory(fresh.full_slug, fresh);
  expect((await page(b, "/projects/lantern-quay")).status).toBe(404);
  await expectDone(a, await send(a, "published", fresh.id, fresh.full_slug));
  const sinceWebhook = proxy.requests.length;
  const onB = await page(b, "/projects/lantern-quay");
  expect(onB.status).toBe(200);
  expect(onB.text).toContain("Lantern Quay");
  // B knew the page from the listing A's webhook left in Redis, and A had rendered it into the shared cache.
  expect(proxy.requests.slice(sinceWebhook).filter((request) => request.path.startsWith("/v2/cdn/links"))).toEqual([]);
});

test("40 projects published within a second: answers in 5 s, every page fresh, the content API's limit kept, each page regenerated once", async () => {
  test.setTimeout(180_000);
  const writes = await watchRedisWrites(redis);
  await editBulkProjects(api.dir, bulk, "bulk");
  const result = await sendBulkWebhooks([a.url, b.url], bulk, SECRET);
  const stale = await waitUntilFresh([a.url, b.url], bulk, "bulk", 90_000);
  const figures = bulkFigures(result, proxy, bulk);
  writes.stop();
  const written = writes.pageWrites(`portfolio:pages:${await buildId()}:`);
  timings.bulkMedianAnswer = figures.medianMs;
  timings.bulkMaxAnswer = figures.maxMs;
  console.log(`bulk publish on two instances: ${JSON.stringify({ ...figures, homeWrites: written.get("/") ?? 0 })}`);

  expect(result.answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 202)).toEqual([]);
  expect(figures.maxMs).toBeLessThanOrEqual(ANSWER_LIMIT_MS);
  expect(stale).toEqual([]);
  expect(figures.busiestSecond).toBeLessThanOrEqual(REQUESTS_PER_SECOND);
  // Each changed page written to the shared cache once, by whichever instance regenerated it.
  expect(
    bulk.filter((project) => written.get(project.path) !== 1).map((project) => `${project.path}: ${written.get(project.path) ?? 0}`),
  ).toEqual([]);
});

test("deleted and moved sent to an instance started after the content changed: the old pages are 404 on both", async () => {
  test.setTimeout(120_000);
  const ledger = await readStory("projects/ledger-lane");
  const klei = await readStory("projects/klei-atelier");
  for (const site of [a, b]) {
    expect((await page(site, "/projects/ledger-lane")).status).toBe(200);
    expect((await page(site, "/projects/klei-atelier")).status).toBe(200);
  }
  await rm(storyPath("projects/ledger-lane"));
  await rm(storyPath("projects/klei-atelier"));
  await writeStory("projects/studio/klei", { ...klei, slug: "klei", full_slug: "projects/studio/klei" });
  // B starts again: its own listing at start never had either old path.
  await b.stop();
  b = await startInstance();

  await expectDone(b, await send(b, "deleted", ledger.id));
  await expectDone(b, await send(b, "moved", klei.id, "projects/studio/klei"));
  for (const site of [a, b]) {
    expect((await page(site, "/projects/ledger-lane")).status, `${site.url}/projects/ledger-lane`).toBe(404);
    expect((await page(site, "/projects/klei-atelier")).status, `${site.url}/projects/klei-atelier`).toBe(404);
    expect((await page(site, "/projects/studio/klei")).status).toBe(200);
  }
});

test("Redis stopped: both still serve pages and say so once; Redis back: the next webhook refreshes both", async () => {
  test.setTimeout(120_000);
  // What each instance logs from the stop on: the outage this test makes. (Beside other tests, a
  // stalled machine may have kept an instance from hearing Redis in time before, logged as a loss
  // and a return of its own; this test counts the lines of its outage.)
  const from = new Map([a, b].map((site) => [site, site.output().length]));
  const logSince = (site: NextServer) => site.output().slice(from.get(site));
  await redis.pause();
  for (let round = 0; round < 3; round++) {
    for (const site of [a, b]) {
      for (const path of ["/", "/projects/tidewater", "/projects/fieldnotes"]) {
        const started = performance.now();
        const { status } = await page(site, path);
        expect(status, `${site.url}${path} with Redis down`).toBe(200);
        // A dead Redis must not hold a page: no answer near the 5 s limit.
        expect(performance.now() - started).toBeLessThan(ANSWER_LIMIT_MS);
      }
    }
  }
  for (const site of [a, b]) expect(count(logSince(site), REDIS_LOST, LOST_TAIL), site.output()).toBe(1);

  await redis.resume();
  const deadline = Date.now() + 15_000;
  while ([a, b].some((site) => count(logSince(site), REDIS_LOST, BACK_TAIL) === 0) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  for (const site of [a, b]) expect(count(logSince(site), REDIS_LOST, BACK_TAIL), site.output()).toBe(1);

  const fieldnotes = await readStory("projects/fieldnotes");
  await writeStory("projects/fieldnotes", {
    ...fieldnotes,
    content: { ...fieldnotes.content, title: "Fieldnotes, after Redis came back" },
  });
  await expectDone(a, await send(a, "published", fieldnotes.id, fieldnotes.full_slug));
  for (const site of [a, b]) expect((await page(site, "/projects/fieldnotes")).text).toContain("Fieldnotes, after Redis came back");
  expect(count(logSince(a), REDIS_LOST, LOST_TAIL), a.output()).toBe(1);
});

test("REVALIDATE_SECONDS=2 and no webhook: an edited page is served fresh after the interval", async () => {
  test.setTimeout(120_000);
  // A project published after the build that no webhook announces, first rendered by an instance with the 2 s interval.
  await b.stop();
  b = await startInstance({ REVALIDATE_SECONDS: "2" });
  const atlas = await readStory("projects/2024/atlas");
  const quiet = {
    ...atlas,
    id: 522000001,
    uuid: "0b5e7a9c-1d2e-4f3a-8b4c-5d6e7f822001",
    slug: "quiet-harbour",
    full_slug: "projects/quiet-harbour",
    content: { ...atlas.content, title: "Quiet harbour" },
  };
  await writeStory(quiet.full_slug, quiet);
  // No webhook announces it: it is a page once the site's listing of its pages (b's start-up one, shared through
  // Redis) is older than the interval, and the next request lists again (src/publishing/page-gate).
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect((await page(b, "/projects/quiet-harbour")).text).toContain("Quiet harbour");

  await writeStory(quiet.full_slug, { ...quiet, content: { ...quiet.content, title: "Quiet harbour, edited with no webhook" } });
  const edited = Date.now();
  // Stale-while-revalidate: the first request after the interval starts the regeneration, a later one gets it.
  let fresh = false;
  while (!fresh && Date.now() - edited < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fresh = (await page(b, "/projects/quiet-harbour")).text.includes("edited with no webhook");
  }
  timings.timeBasedRefresh = Date.now() - edited;
  expect(fresh).toBe(true);
});
