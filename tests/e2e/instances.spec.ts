/**
 * Several instances (issue 22), over HTTP on production servers: a copy of
 * the second build `npm test` makes (hostile-build.ts: the site with the 40
 * bulk projects below prerendered), started with REDIS_URL (`next start`
 * evaluates next.config.ts again, so REDIS_URL at start wires the shared page
 * cache in: src/publishing/shared-cache/next-config.ts), one real Redis, the
 * local content API over HTTP behind a counting proxy (CONTENT_SOURCE=
 * storyblok, as a deployed site reads Storyblok), two `next start` A and B:
 *   - a webhook to A: B serves the fresh page on its next request;
 *   - 40 projects changed and 40 webhooks within a second: every answer 200
 *     or 202, every page fresh on both, never more than 5 content API
 *     requests in any 1,000 ms at the proxy, each page written to the shared
 *     cache once (Redis MONITOR; once or twice where the machine was too busy
 *     for Redis's command timeout, as the cache handler is designed to). How soon the answers come (target: 5 s) is
 *     `BENCH_INSTANCES=2 npm run bench -- bulk-publish`'s figure: a busy
 *     machine makes any answer late. The proxy's count holds on a busy one:
 *     the shared limiter counts a request until its answer came (redis-window.ts),
 *     and a request reaches the proxy after it took its slot and before it
 *     gave it back, so requests the proxy saw within a second all held their
 *     slots within that second;
 *   - `deleted` and `moved` sent to an instance started after the content
 *     changed (its start-up listing never saw the old paths): the old pages
 *     are 404 on both;
 *   - Redis stopped: pages still served by both (a dead Redis holds none:
 *     each answer comes, under a hang guard), one log line each; Redis back:
 *     the next webhook refreshes both;
 *   - REVALIDATE_SECONDS=2 and no webhook: an edited page is fresh after it;
 *   - a project published through one instance is a page on the other at once (the known pages
 *     are shared through Redis), and made-up paths cost the content API nothing on either.
 * No build of its own; skipped with one line without redis-server.
 *
 * One worker runs the tests in order on the servers beforeAll starts, and each test makes the state
 * it checks (its own stories and edits, its own restart of B), so none needs another to have run or
 * passed. Not serial: one failure must not skip the behaviours after it. A failed test ends its worker
 * (Playwright's rule), and the next test runs in a fresh one whose beforeAll starts everything anew.
 * Every wait is for an event (an answer, a log line, a fresh page) under a hang guard far above its
 * quiet-machine time; none is a limit the test holds a server to.
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

// Each test's own time limit is a hang guard too: a few seconds to a minute each on a quiet machine.
test.describe.configure({ mode: "default", timeout: 120_000 });
test.skip(redisBinary() === null, NO_REDIS);

const TOKEN = "instances-e2e";
const SECRET = "instances-e2e-secret";
const DIST = ".next-e2e-instances";
/** The content API, Redis and two servers; the second build too when it is missing (about a minute on two idle cores). */
const SETUP_TIMEOUT = 480_000;
/** The content API's limit across instances: at most 5 requests in any 1,000 ms (counted, not timed: see above). */
const REQUESTS_PER_SECOND = 5;
/**
 * Hang guards, each ten times or more what its wait takes on a quiet machine: one page's answer (well under a
 * second, Redis down or not), a batch's end after its 202 (a few seconds), the 40 pages fresh on both instances
 * after the webhooks (under 10 s), a log line after Redis's return (a second or two).
 */
const ANSWER_HANG_GUARD_MS = 30_000;
const BATCH_HANG_GUARD_MS = 60_000;
const FRESH_HANG_GUARD_MS = 120_000;
const LOG_HANG_GUARD_MS = 30_000;
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
/** A page's answer; a hang guard, not a limit, ends one that never comes. */
const page = async (site: NextServer, path: string) => {
  const response = await fetch(`${site.url}${path}`, { signal: AbortSignal.timeout(ANSWER_HANG_GUARD_MS) });
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
  await expect.poll(() => site.output().includes(`revalidate: batch ${batch} finished in `), { timeout: BATCH_HANG_GUARD_MS }).toBe(true);
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

test("40 projects published within a second: every answer 200 or 202, every page fresh, the content API's limit kept, each page regenerated once (twice at most on a machine too busy for Redis's command timeout)", async () => {
  test.setTimeout(FRESH_HANG_GUARD_MS + 60_000);
  const sites = [a, b];
  const fromTest = new Map(sites.map((site) => [site, site.output().length]));
  const writes = await watchRedisWrites(redis);
  await editBulkProjects(api.dir, bulk, "bulk");
  const result = await sendBulkWebhooks([a.url, b.url], bulk, SECRET);
  // Every batch over before a page is asked for: a request for a page its batch has not regenerated yet renders
  // it itself (no copy in Redis), and the batch then writes it again. On a quiet machine the batches end within
  // the answers (200); on a busy one they carry on after them (202), and are waited for here.
  await Promise.all(result.answers.map((answer, index) => expectDone(sites[index % sites.length]!, answer)));
  const stale = await waitUntilFresh([a.url, b.url], bulk, "bulk", FRESH_HANG_GUARD_MS);
  const figures = bulkFigures(result, proxy, bulk);
  writes.stop();
  const written = writes.pageWrites(`portfolio:pages:${await buildId()}:`);
  timings.bulkMedianAnswer = figures.medianMs;
  timings.bulkMaxAnswer = figures.maxMs;
  console.log(`bulk publish on two instances: ${JSON.stringify({ ...figures, homeWrites: written.get("/") ?? 0 })}`);

  // Reported above, not held to a limit here (the bench's target): 202 says a batch outlasted the answer's time.
  expect(result.answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 202)).toEqual([]);
  expect(stale).toEqual([]);
  expect(figures.busiestSecond).toBeLessThanOrEqual(REQUESTS_PER_SECOND);
  // Each changed page written to the shared cache once, by whichever instance regenerated it, while Redis answers
  // within the cache handler's command timeout (1 s). On a machine too busy for that (every answer a 202, or a
  // Redis the handler gave up on, which it logs), an instance whose read timed out renders the page itself and
  // writes it again, as designed: then once or twice, never more (each page's webhook went to one instance).
  const busy =
    result.answers.every((answer) => answer.status === 202) ||
    sites.some((site) => count(site.output().slice(fromTest.get(site)), REDIS_LOST, LOST_TAIL) > 0);
  const expected = busy ? [1, 2] : [1];
  if (busy) test.info().annotations.push({ type: "busy machine", description: "each page written once or twice, not once" });
  expect(
    bulk
      .filter((project) => !expected.includes(written.get(project.path) ?? 0))
      .map((project) => `${project.path}: ${written.get(project.path) ?? 0}`),
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
  // What each instance logs from the stop on: the outage this test makes. (A stalled machine may keep an
  // instance from hearing Redis within its command timeout, before or after this outage, which it logs as a
  // loss and a return of their own; this test counts the lines of its outage: from the stop to the first return.)
  // Redis answering both at the start: a busy machine may have left an instance's cache link in a loss of its
  // own (a command past its timeout), which the next answered command ends; pages are asked for until it has.
  for (const site of [a, b]) {
    const lastLine = () =>
      site
        .output()
        .split("\n")
        .filter((line) => line.includes(REDIS_LOST))
        .at(-1) ?? "";
    await expect
      .poll(async () => (await page(site, "/")).status === 200 && !lastLine().includes(LOST_TAIL), { timeout: LOG_HANG_GUARD_MS })
      .toBe(true);
  }
  const from = new Map([a, b].map((site) => [site, site.output().length]));
  const logSince = (site: NextServer) => site.output().slice(from.get(site));
  const outage = (site: NextServer) => {
    const lines = logSince(site)
      .split("\n")
      .filter((line) => line.includes(REDIS_LOST));
    const back = lines.findIndex((line) => line.includes(BACK_TAIL));
    return (back < 0 ? lines : lines.slice(0, back + 1)).join("\n");
  };
  await redis.pause();
  for (let round = 0; round < 3; round++) {
    for (const site of [a, b]) {
      for (const path of ["/", "/projects/tidewater", "/projects/fieldnotes"]) {
        // A dead Redis must not hold a page: each answer comes (page's hang guard); how soon is the cache
        // handler's command timeout, whose skip after failures tests/unit/shared-cache/cache-handler.test.ts checks.
        const { status } = await page(site, path);
        expect(status, `${site.url}${path} with Redis down`).toBe(200);
      }
    }
  }
  for (const site of [a, b]) expect(count(logSince(site), REDIS_LOST, LOST_TAIL), site.output()).toBe(1);

  await redis.resume();
  await expect
    .poll(() => [a, b].every((site) => count(outage(site), REDIS_LOST, BACK_TAIL) > 0), { timeout: LOG_HANG_GUARD_MS, intervals: [200] })
    .toBe(true);
  // The outage said so once, and its end once.
  for (const site of [a, b]) {
    expect(count(outage(site), REDIS_LOST, LOST_TAIL), site.output()).toBe(1);
    expect(count(outage(site), REDIS_LOST, BACK_TAIL), site.output()).toBe(1);
  }

  const fieldnotes = await readStory("projects/fieldnotes");
  await writeStory("projects/fieldnotes", {
    ...fieldnotes,
    content: { ...fieldnotes.content, title: "Fieldnotes, after Redis came back" },
  });
  await expectDone(a, await send(a, "published", fieldnotes.id, fieldnotes.full_slug));
  for (const site of [a, b]) expect((await page(site, "/projects/fieldnotes")).text).toContain("Fieldnotes, after Redis came back");
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
  // Redis) is older than the interval, and the next request lists again (src/publishing/page-gate). The wait is
  // at least the interval, which is all it needs: a busy machine only makes it longer.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect((await page(b, "/projects/quiet-harbour")).text).toContain("Quiet harbour");

  await writeStory(quiet.full_slug, { ...quiet, content: { ...quiet.content, title: "Quiet harbour, edited with no webhook" } });
  const edited = Date.now();
  // Stale-while-revalidate: the first request after the interval starts the regeneration, a later one gets it.
  // Asked once a second until it is fresh (about 3 s on a quiet machine; the poll's timeout is its hang guard).
  await expect
    .poll(async () => (await page(b, "/projects/quiet-harbour")).text.includes("edited with no webhook"), {
      timeout: BATCH_HANG_GUARD_MS,
      intervals: [1000],
    })
    .toBe(true);
  timings.timeBasedRefresh = Date.now() - edited;
});
