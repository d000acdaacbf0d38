/**
 * Phone speed benchmark (issue 11, point 5): `npm run bench site`.
 *
 * Builds the site and a floor (a bare pages-router Next.js page with React
 * only, see site/floor.ts), serves both with `next start` on free loopback
 * ports, each behind an HTTP/2 TLS front as a host serves it
 * (site/https-front.ts), and runs Lighthouse's mobile preset BENCH_RUNS
 * times (default 3) on `/`, a project page and `/nl` of each. Runs are
 * interleaved, ours then the floor then the other way round, so a busy
 * machine weighs on both alike. Prints the medians side by side and checks
 * the budget in site/budget.ts: exits 1 when a figure misses it. Then, not
 * budgeted: the same runs over HTTP/1.1 straight from `next start`, and
 * each page loaded with Lighthouse's real (devtools) throttling, its first
 * paint beside the floor's: what a linked stylesheet or a script really
 * holds up, which the default simulation blurs (site/lighthouse-run.ts).
 *
 * Env: BENCH_RUNS (default 3), BENCH_PROJECT_PATH (default
 * /projects/2024/atlas), BENCH_PAGES (comma-separated paths instead of the three), BENCH_SOURCE=worktree to build the working tree
 * instead of HEAD, BENCH_KEEP=1 to keep the temp folders, CHROMIUM_PATH
 * (default /usr/bin/chromium, as for the browser tests).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeScratchCopy, nextBuild } from "./content-build/scratch-build";
import { checkBudget, checkOrigin, median, medianFigures, type BudgetCheck } from "./site/budget";
import { documentBytes } from "../tests/support/document-bytes";
import { writeFloorApp } from "./site/floor";
import { makeCertificate, startHttpsFront, type HttpsFront } from "./site/https-front";
import { CONCURRENCY, requestsPerSecond } from "./site/throughput";
import { assertBrowserInstalled, launchBrowser, measure, measurePaint, type PageFigures, type PaintFigures } from "./site/lighthouse-run";
import { startNextServer, type NextServer } from "../tests/support/next-server";

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** How long each throughput round loads one page of one site. */
const THROUGHPUT_MS = 3_000;
/** Home and a project in the default language, and the Dutch home page: BENCH_PAGES (comma-separated paths) replaces them. */
const PAGES = process.env.BENCH_PAGES?.split(",")
  .map((path) => path.trim())
  .filter(Boolean) ?? ["/", process.env.BENCH_PROJECT_PATH ?? "/projects/2024/atlas", "/nl"];
const repo = fileURLToPath(new URL("..", import.meta.url));

type Side = "ours" | "floor";

interface OriginFigures {
  documentBytes: number;
  requestsPerSecond: number;
}

async function build(dir: string, what: string): Promise<void> {
  const result = await nextBuild(dir, {});
  if (result.code !== 0) {
    console.error(result.output.slice(-4000));
    throw new Error(`next build of ${what} exited ${result.code}`);
  }
  console.log(`- built ${what} in ${(result.ms / 1000).toFixed(1)} s`);
}

/**
 * Each page of both sites measured RUNS times, keyed "page side": ours and the floor in turn, the side
 * that goes first alternating from run to run (`first` in the first), so a busy machine weighs on both
 * alike; each result logged as it comes.
 */
async function interleaved<T>(
  origins: Record<Side, string>,
  label: string,
  first: Side,
  measureOne: (url: string) => Promise<T>,
  describe: (figures: T) => string,
): Promise<Map<string, T[]>> {
  const results = new Map<string, T[]>();
  const second: Side = first === "ours" ? "floor" : "ours";
  for (let index = 0; index < RUNS; index++) {
    for (const page of PAGES) {
      for (const side of index % 2 === 0 ? [first, second] : [second, first]) {
        const figures = await measureOne(origins[side] + page);
        const key = `${page} ${side}`;
        results.set(key, [...(results.get(key) ?? []), figures]);
        console.log(`- ${label} ${index + 1}/${RUNS} ${side} ${page}: ${describe(figures)}`);
      }
    }
  }
  return results;
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function figuresRow(page: string, side: Side, figures: PageFigures, runs: PageFigures[]): string {
  return row([
    page,
    side,
    `${figures.performance} (${runs.map((run) => run.performance).join(", ")})`,
    `${Math.round(figures.fcpMs)} ms`,
    `${Math.round(figures.lcpMs)} ms`,
    `${Math.round(figures.tbtMs)} ms`,
    figures.cls.toFixed(3),
    (figures.jsBytes / 1024).toFixed(1),
    (figures.transferBytes / 1024).toFixed(1),
    String(figures.accessibility),
    String(figures.bestPractices),
    String(figures.seo),
  ]);
}

await assertBrowserInstalled();
const work = await mkdtemp(join(tmpdir(), "bench-site-"));
const sites: NextServer[] = [];
const fronts: HttpsFront[] = [];
try {
  const siteDir = join(work, "site");
  const floorDir = join(work, "floor");
  const source = await makeScratchCopy(repo, siteDir);
  await writeFloorApp(repo, floorDir);
  // One build at a time: the machine has two cores and a build wants both.
  await build(siteDir, `the site (${source})`);
  await build(floorDir, "the floor");

  // Right after two builds on a small machine a start can be slow: up to a minute each.
  const servers: Record<Side, NextServer> = {
    ours: await startNextServer({ dir: siteDir, timeoutMs: 60_000 }),
    floor: await startNextServer({ dir: floorDir, timeoutMs: 60_000 }),
  };
  sites.push(servers.ours, servers.floor);
  // The first request renders the floor's fallback page and warms both servers; it is not measured.
  for (const side of ["ours", "floor"] as const) for (const page of PAGES) await fetch(servers[side].url + page);
  const certificate = await makeCertificate();
  const frontFor = async (side: Side) => {
    const front = await startHttpsFront(servers[side].url, certificate);
    fronts.push(front);
    return front.url;
  };
  const overHttp2: Record<Side, string> = { ours: await frontFor("ours"), floor: await frontFor("floor") };
  const overHttp1: Record<Side, string> = { ours: servers.ours.url, floor: servers.floor.url };

  // Before the browser starts, so that Chromium does not share the two cores with the load.
  const origin = await interleaved(
    overHttp1,
    "origin run",
    "ours",
    async (url): Promise<OriginFigures> => {
      const { origin: base, pathname } = new URL(url);
      return {
        documentBytes: await documentBytes(base, pathname),
        requestsPerSecond: await requestsPerSecond(base, pathname, THROUGHPUT_MS),
      };
    },
    (figures) => `document ${figures.documentBytes} B, ${Math.round(figures.requestsPerSecond)} req/s`,
  );

  const browser = await launchBrowser(certificate.spkiHash);
  const describe = (figures: PageFigures) =>
    `${figures.documentProtocol}, Performance ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, LCP element ${figures.lcpElement}`;
  let runs: Map<string, PageFigures[]>;
  let http1Runs: Map<string, PageFigures[]>;
  let paints: Map<string, PaintFigures[]>;
  try {
    runs = await interleaved(overHttp2, "run", "ours", (url) => measure(browser, url), describe);
    http1Runs = await interleaved(overHttp1, "HTTP/1.1 run", "floor", (url) => measure(browser, url), describe);
    paints = await interleaved(
      overHttp2,
      "throttled run",
      "ours",
      (url) => measurePaint(browser, url),
      (figures) => `FCP ${Math.round(figures.fcpMs)} ms, LCP ${Math.round(figures.lcpMs)} ms`,
    );
  } finally {
    await browser.close();
  }
  // A run over the wrong transport would measure something else than the table says: fail, don't report it.
  for (const [transport, results, expected] of [
    ["HTTP/2", runs, "h2"],
    ["HTTP/1.1", http1Runs, "http/1.1"],
  ] as const) {
    const wrong = [...results.values()].flat().filter((figures) => figures.documentProtocol !== expected);
    if (wrong.length > 0)
      throw new Error(`${wrong.length} ${transport} run(s) loaded the page over ${wrong[0]!.documentProtocol}, not ${expected}`);
  }

  console.log(
    `\nLighthouse ${RUNS}× per page, mobile preset, over HTTP/2 with TLS, medians (each run's Performance in brackets); ${source}\n`,
  );
  console.log(row(["page", "site", "Performance", "FCP", "LCP", "TBT", "CLS", "JS KiB", "transfer KiB", "A11y", "BP", "SEO"]));
  console.log(row(Array(12).fill("---")));
  const checks: BudgetCheck[] = [];
  for (const page of PAGES) {
    const ours = runs.get(`${page} ours`)!;
    const floor = runs.get(`${page} floor`)!;
    const oursMedian = medianFigures(ours);
    const floorMedian = medianFigures(floor);
    console.log(figuresRow(page, "ours", oursMedian, ours));
    console.log(figuresRow(page, "floor", floorMedian, floor));
    checks.push(...checkBudget(page, oursMedian, floorMedian));
  }

  console.log(
    `\nThe HTML from next start (HTTP/1.1, compressed as a browser asks, headers included) and requests a second for it, ${CONCURRENCY} at a time for ${THROUGHPUT_MS / 1000} s, medians of ${RUNS}\n`,
  );
  console.log(row(["page", "document ours", "document floor", "req/s ours", "req/s floor", "ours / floor"]));
  console.log(row(Array(6).fill("---")));
  for (const page of PAGES) {
    const [ours, floor] = [origin.get(`${page} ours`)!, origin.get(`${page} floor`)!];
    const rps = (side: OriginFigures[]) => median(side.map((figures) => figures.requestsPerSecond));
    const bytes = (side: OriginFigures[]) => median(side.map((figures) => figures.documentBytes));
    console.log(
      row([
        page,
        `${bytes(ours)} B`,
        `${bytes(floor)} B`,
        String(Math.round(rps(ours))),
        String(Math.round(rps(floor))),
        `${(rps(ours) / rps(floor)).toFixed(2)}×`,
      ]),
    );
    checks.push(...checkOrigin(page, bytes(ours), rps(ours), rps(floor)));
  }

  console.log(
    `\nThe same runs over HTTP/1.1 straight from next start (every request beside the HTML on a connection of its own), medians; not budgeted\n`,
  );
  console.log(row(["page", "Performance ours", "Performance floor", "LCP ours", "LCP floor", "LCP ours / floor"]));
  console.log(row(Array(6).fill("---")));
  for (const page of PAGES) {
    const ours = medianFigures(http1Runs.get(`${page} ours`)!);
    const floor = medianFigures(http1Runs.get(`${page} floor`)!);
    console.log(
      row([
        page,
        String(ours.performance),
        String(floor.performance),
        `${Math.round(ours.lcpMs)} ms`,
        `${Math.round(floor.lcpMs)} ms`,
        `${(ours.lcpMs / floor.lcpMs).toFixed(2)}×`,
      ]),
    );
  }

  console.log(
    `\nThe same pages over HTTP/2 loaded with real throttling (Lighthouse's devtools method), ${RUNS}× each, medians; not budgeted\n`,
  );
  console.log(row(["page", "FCP ours", "FCP floor", "LCP ours", "LCP floor", "LCP ours / floor"]));
  console.log(row(Array(6).fill("---")));
  for (const page of PAGES) {
    const of = (side: Side, key: keyof PaintFigures) => median(paints.get(`${page} ${side}`)!.map((figures) => figures[key]));
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      row([
        page,
        ms(of("ours", "fcpMs")),
        ms(of("floor", "fcpMs")),
        ms(of("ours", "lcpMs")),
        ms(of("floor", "lcpMs")),
        `${(of("ours", "lcpMs") / of("floor", "lcpMs")).toFixed(2)}×`,
      ]),
    );
  }

  console.log(`\n${row(["budget", "target", "measured", ""])}\n${row(["---", "---", "---", "---"])}`);
  for (const check of checks) console.log(row([check.name, check.target, check.measured, check.ok ? "ok" : "**MISSED**"]));
  const missed = checks.filter((check) => !check.ok);
  if (missed.length > 0) {
    console.error(`\nsite bench: budget missed: ${missed.map((check) => check.name).join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all(fronts.map((front) => front.close()));
  await Promise.all(sites.map((site) => site.stop()));
  if (process.env.BENCH_KEEP === "1") console.log(`\nkept ${work}`);
  else await rm(work, { recursive: true, force: true });
}
