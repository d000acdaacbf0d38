/**
 * Bulk publish benchmark (issue 22): 40 project stories changed and 40
 * signed webhooks sent within one second to production servers reading the
 * local content API over HTTP through a counting proxy. Reports the answer
 * times (median, max) and statuses, the content API requests (total, by
 * endpoint, the most in any 1,000 ms) and how often each page was rendered.
 *
 * Builds a scratch copy (HEAD by default, BENCH_SOURCE=worktree for the
 * working tree) into its own folder, so the working tree is never touched.
 * Env: BENCH_INSTANCES (default 1) servers on one build, the webhooks spread
 * round-robin over them; with more than one and redis-server installed they
 * share one Redis (REDIS_URL at build and start), whose MONITOR counts each
 * page's regenerations; on one instance the answers' `revalidated` lists do.
 * BENCH_REVALIDATE_SECONDS
 * passes REVALIDATE_SECONDS. BENCH_KEEP=1 keeps the temp folders.
 */
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLocalCdn } from "../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp } from "../src/content/sources/local-cdn/http-server";
import { addBulkProjects, bulkFigures, editBulkProjects, sendBulkWebhooks, waitUntilFresh } from "../tests/e2e/support/bulk-publish";
import { startCountingProxy } from "../tests/support/counting-proxy";
import { watchRedisWrites, type RedisWrites } from "../tests/e2e/support/redis-writes";
import { startNextServer, type NextServer } from "../tests/support/next-server";
import { redisBinary, startLocalRedis, type LocalRedis } from "../tests/support/redis";
import { makeScratchCopy, nextBuild } from "./content-build/scratch-build";

const INSTANCES = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1));
const TOKEN = "bench-bulk";
const SECRET = "bench-bulk-secret";
const repo = fileURLToPath(new URL("..", import.meta.url));

const work = await mkdtemp(join(tmpdir(), "bench-bulk-publish-"));
const servers: NextServer[] = [];
let redis: LocalRedis | undefined;
try {
  const contentDir = join(work, "content");
  const siteDir = join(work, "site");
  await cp(join(repo, "content"), contentDir, { recursive: true });
  const projects = await addBulkProjects(contentDir);
  const source = await makeScratchCopy(repo, siteDir);

  const api = await serveOverHttp(createLocalCdn({ dir: contentDir, token: TOKEN, checkIntervalMs: 0, onProblems: () => undefined }), 0);
  const proxy = await startCountingProxy(api.url);
  if (INSTANCES > 1 && redisBinary()) redis = await startLocalRedis();
  const env: Record<string, string> = {
    CONTENT_SOURCE: "storyblok",
    STORYBLOK_TOKEN: TOKEN,
    STORYBLOK_API_URL: `${proxy.url}/v2`,
    STORYBLOK_WEBHOOK_SECRET: SECRET,
    NEXT_PUBLIC_SITE_URL: "https://elena-varga.example",
    ...(redis && { REDIS_URL: redis.url }),
    ...(process.env.BENCH_REVALIDATE_SECONDS && { REVALIDATE_SECONDS: process.env.BENCH_REVALIDATE_SECONDS }),
  };
  const build = await nextBuild(siteDir, env);
  if (build.code !== 0) {
    console.error(build.output.slice(-4000));
    throw new Error(`next build exited ${build.code}`);
  }
  for (let i = 0; i < INSTANCES; i++) servers.push(await startNextServer({ dir: siteDir, env, timeoutMs: 60_000 }));
  const urls = servers.map((server) => server.url);
  // Settle: the servers' start-up listings are not part of the publish.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const writes: RedisWrites | undefined = redis && (await watchRedisWrites(redis));
  await editBulkProjects(contentDir, projects, "bulk");
  const result = await sendBulkWebhooks(urls, projects, SECRET);
  const stale = await waitUntilFresh(urls, projects, "bulk", 60_000);
  const figures = bulkFigures(result, proxy, projects);
  writes?.stop();
  const buildId = (await readFile(join(siteDir, ".next", "BUILD_ID"), "utf8")).trim();
  const written = writes?.pageWrites(`portfolio:pages:${buildId}:`);
  const projectWrites = projects.map((project) => written?.get(project.path) ?? 0);
  const rendered = written
    ? `${Math.min(...projectWrites)}–${Math.max(...projectWrites)} per project page, ${written.get("/") ?? 0} for /`
    : `${figures.revalidatedInAnswers.projectLeast}–${figures.revalidatedInAnswers.projectMost} per project page, ${figures.revalidatedInAnswers.home} for /`;
  const oncePerPage = written
    ? Math.max(...projectWrites) === 1 && (written.get("/") ?? 0) <= 1
    : figures.revalidatedInAnswers.projectMost === 1 && figures.revalidatedInAnswers.home <= 1;

  const rows: [string, string][] = [
    ["content source built", source],
    ["instances (one build)", `${INSTANCES}${redis ? ", one Redis" : ""}`],
    ["webhooks (projects changed)", String(projects.length)],
    ["answers by status", JSON.stringify(figures.statuses)],
    ["**answer time, median**", `**${(figures.medianMs / 1000).toFixed(1)} s**`],
    ["**answer time, max**", `**${(figures.maxMs / 1000).toFixed(1)} s**`],
    ["pages not fresh 60 s after", String(stale.length)],
    ["**content API requests**", `**${figures.requests}**`],
    ...Object.entries(figures.byEndpoint)
      .sort(([a], [b]) => a.localeCompare(b, "en-us"))
      .map(([endpoint, n]): [string, string] => [`  ${endpoint}`, String(n)]),
    ["**most requests in any 1000 ms**", `**${figures.busiestSecond}**`],
    [`**regenerations** (${written ? "writes to the shared cache" : "the answers' revalidated lists"})`, `**${rendered}**`],
    [
      "target (issue 22): every answer ≤ 5 s, ≤ 5 requests / 1000 ms, each page once",
      figures.maxMs <= 5000 && figures.busiestSecond <= 5 && oncePerPage && stale.length === 0 ? "met" : "NOT met",
    ],
  ];
  console.log("| measure | value |\n|---|---|");
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  await proxy.close();
  await api.close();
} finally {
  for (const server of servers) await server.stop();
  await redis?.stop();
  if (process.env.BENCH_KEEP) console.log(`\n(kept ${work})`);
  else await rm(work, { recursive: true, force: true });
}
