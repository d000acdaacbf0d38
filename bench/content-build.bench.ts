/**
 * Build benchmark (issue 4, "Scale and cost"): `next build` against 500
 * generated project stories (plus home and site) served over HTTP by the
 * local content API, counting the requests the build sends by kind and the
 * 429s it gets, with the wall time. Target: no 429s, and no more requests
 * than pages/100 + relation batches + a small constant per build worker,
 * each story fetched at most once per build process.
 *
 * Env: BENCH_PROJECTS (default 500), BENCH_LANGUAGES (default the site's
 * number of languages: 1 for English only, 2 with Dutch;
 * bench/content-build/languages.ts), BENCH_SOURCE=worktree
 * to build the working tree instead of HEAD, BENCH_KEEP=1 to keep the temp folders.
 */
import { readdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLocalCdn } from "../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp } from "../src/content/sources/local-cdn/http-server";
import { generateContent } from "./content-build/generate-content";
import { busiestWindow, withRequestLog } from "./content-build/request-log";
import { LOCALES } from "../src/i18n/locales";
import { benchLanguages, writeSiteLocales, writeSpaceLanguages } from "./content-build/languages";
import { makeScratchCopy, nextBuild } from "./content-build/scratch-build";

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 500);
const LANGUAGES = benchLanguages();
/** Requests a build process may spend beyond the listings: home, site, and a little slack. */
const PER_PROCESS_CONSTANT = 4;
const TOKEN = "local";
const repo = fileURLToPath(new URL("..", import.meta.url));

async function countHtml(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).length;
}

/** Build processes that load content: the page-data collectors plus the static-generation workers. */
function buildProcesses(output: string): number {
  const collect = Number(/Collecting page data using (\d+) worker/.exec(output)?.[1] ?? 1);
  const generate = Number(/Generating static pages using (\d+) worker/.exec(output)?.[1] ?? 1);
  return collect + generate;
}

const work = await mkdtemp(join(tmpdir(), "bench-content-build-"));
try {
  const contentDir = join(work, "content");
  const siteDir = join(work, "site");
  await generateContent(join(repo, "content"), contentDir, PROJECTS);
  await writeSpaceLanguages(contentDir, LANGUAGES);
  const source = await makeScratchCopy(repo, siteDir);
  await writeSiteLocales(siteDir, LANGUAGES);

  const { handler, log } = withRequestLog(createLocalCdn({ dir: contentDir, token: TOKEN, checkIntervalMs: 60_000 }));
  const server = await serveOverHttp(handler, 0);
  const build = await nextBuild(siteDir, {
    CONTENT_SOURCE: "storyblok",
    STORYBLOK_API_URL: `${server.url}/v2`,
    STORYBLOK_TOKEN: TOKEN,
    // A copy with fewer locales than the text tables name does not type-check (bench/content-build/languages.ts).
    ...(LANGUAGES.length < LOCALES.length && { NEXT_SKIP_TYPECHECK: "1" }),
  }).finally(() => server.close());

  if (build.code !== 0) {
    console.error(build.output.slice(-4000));
    throw new Error(`next build exited ${build.code}`);
  }
  // With Next.js's i18n, each locale's pages are under its code (the default's too).
  const perLocale = await Promise.all(LANGUAGES.map((code) => countHtml(join(siteDir, ".next", "server", "pages", code, "projects"))));
  const projectPages = perLocale.reduce((sum, n) => sum + n, 0);
  const pages = projectPages + LANGUAGES.length; // and each language's home
  const processes = buildProcesses(build.output);
  const batches = log.byKind.get("list: by_uuids (relation batch)") ?? 0;
  const listingPages = Math.ceil(pages / 100);
  // Each language is its own set of pages: its home, site and story requests (translations are per request).
  const target = processes * (listingPages + PER_PROCESS_CONSTANT * LANGUAGES.length) + batches;
  const fetchesAllowed = processes * LANGUAGES.length;
  const mostFetches = Math.max(0, ...log.singleStory.values());

  const rows: [string, string][] = [
    ["content source built", source],
    ["project stories served", String(PROJECTS)],
    ["languages", `${LANGUAGES.length} (${LANGUAGES.join(", ")})`],
    ["pages generated (projects + home, every language)", String(pages)],
    ["build processes loading content", String(processes)],
    ["**requests sent**", `**${log.total}**`],
    ...[...log.byKind].sort(([a], [b]) => a.localeCompare(b, "en-us")).map(([kind, n]): [string, string] => [`  ${kind}`, String(n)]),
    ["most GETs of one story", String(mostFetches)],
    ["**429s received**", `**${log.tooManyRequests}**`],
    ["**most requests in any 1000 ms**", `**${busiestWindow(log.times)}**`],
    ["**wall time of next build**", `**${(build.ms / 1000).toFixed(1)} s**`],
    [
      "target: requests ≤ processes × (⌈pages/100⌉ + " + PER_PROCESS_CONSTANT + " × languages) + relation batches",
      `${processes} × (${listingPages} + ${PER_PROCESS_CONSTANT} × ${LANGUAGES.length}) + ${batches} = ${target}`,
    ],
    [
      "target: no 429s, each story at most once per process and language",
      log.tooManyRequests === 0 && mostFetches <= fetchesAllowed ? "met" : "NOT met",
    ],
    [
      "**verdict**",
      log.total <= target && log.tooManyRequests === 0 && mostFetches <= fetchesAllowed ? "**within target**" : "**over target**",
    ],
  ];
  console.log("| measure | value |\n|---|---|");
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
} finally {
  if (process.env.BENCH_KEEP) console.log(`\n(kept ${work})`);
  else await rm(work, { recursive: true, force: true });
}
