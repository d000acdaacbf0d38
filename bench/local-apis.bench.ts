/**
 * The local Content Delivery API's speed (issue 40): `cdn/links` for 2,000 stories must
 * answer in under 200 ms, and the story filters must stay linear in the number of
 * stories. Each size is a content folder of N project stories in 20 folders (tags,
 * dates, nested content, as content/'s stories have them), served over HTTP by the
 * local CDN. `cdn/links` is timed as `content serve` serves it, the files checked for
 * changes every 100 ms (so a request may pay for a check of every file); the filters
 * on a server that checks them once a minute, so that what is timed is the filter.
 *
 *   npm run bench -- local-apis
 *
 * Prints, per size, the median and p95 of 15 requests (after 3 to warm up) of:
 * `cdn/links` (one page of 1,000, and the whole list as storyblok-js-client's getAll
 * reads it), and `cdn/stories` with each filter; then each filter's time per 1,000
 * stories, whose growth from the smallest size to the largest says whether it is linear.
 * Exits 1 when `cdn/links` for 2,000 stories misses 200 ms (median).
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalCdn } from "../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp } from "../src/content/sources/local-cdn/http-server";

const SIZES = [1000, 2000, 4000, 8000];
const RUNS = 15;
const WARM_UP = 3;
const TOKEN = "bench-local-apis";
const LINKS_BUDGET_MS = 200;

const FILTERS: [name: string, params: Record<string, string>][] = [
  ["no filter (page of 100)", { per_page: "100" }],
  ["starts_with", { starts_with: "projects/f07/" }],
  ["with_tag", { with_tag: "featured" }],
  ["level", { level: "3" }],
  ["search_term", { search_term: "harbour" }],
  ["excluding_ids", { excluding_ids: "5,6,7,8" }],
  ["first_published_at_gt", { first_published_at_gt: "2024-06-01 00:00" }],
  ["published_at_lt", { published_at_lt: "2025-01-01 00:00" }],
  ["updated_at_gt", { updated_at_gt: "2025-06-01 00:00" }],
  ["in_workflow_stages", { in_workflow_stages: "3" }],
  ["filter_query in", { "filter_query[year][in]": "2021,2022" }],
  ["filter_query like (__or)", { "filter_query[__or][][title][like]": "*7*", "filter_query[__or][][client][like]": "Harbour*" }],
  ["sort_by content field", { sort_by: "content.year:desc:int" }],
  ["is_startpage", { is_startpage: "0" }],
  ["excluding_fields", { excluding_fields: "body,cover" }],
];

function story(n: number): Record<string, unknown> {
  const folder = `f${String(n % 20).padStart(2, "0")}`;
  const day = String((n % 28) + 1).padStart(2, "0");
  return {
    name: `Project ${n}`,
    created_at: `2023-01-${day}T10:00:00.000Z`,
    published_at: `202${4 + (n % 2)}-0${(n % 9) + 1}-${day}T10:00:00.000Z`,
    updated_at: `202${4 + (n % 2)}-0${(n % 9) + 1}-${day}T11:00:00.000Z`,
    first_published_at: `2024-0${(n % 9) + 1}-${day}T09:00:00.000Z`,
    id: 1000000 + n,
    uuid: randomUUID(),
    content: {
      _uid: randomUUID(),
      component: "project",
      title: `Project number ${n}`,
      summary: n % 97 === 0 ? "Signage for the harbour" : "A short summary of the work.",
      client: n % 3 === 0 ? "Harbour Board" : "Studio",
      year: String(2018 + (n % 7)),
      featured: n % 50 === 0,
      cover: {
        id: n,
        alt: "",
        name: "",
        focus: "",
        title: "",
        filename: "/assets/x.svg",
        copyright: "",
        fieldtype: "asset",
        meta_data: {},
        is_external_url: false,
        source: "",
      },
      body: [{ _uid: randomUUID(), component: "text_block", text: "Paragraph one of the case study, with a few words in it." }],
    },
    slug: `p${n}`,
    full_slug: `projects/${folder}/p${n}`,
    sort_by_date: null,
    position: n,
    tag_list: n % 50 === 0 ? ["featured", "web"] : ["web"],
    is_startpage: false,
    parent_id: 2000 + (n % 20),
    meta_data: null,
    group_id: randomUUID(),
    release_id: null,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
    ...(n % 10 === 0 && { stage: { workflow_stage_id: 3 } }),
  };
}

async function contentFolder(size: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `bench-local-apis-${size}-`));
  for (let folder = 0; folder < 20; folder++)
    await mkdir(join(dir, "stories", "projects", `f${String(folder).padStart(2, "0")}`), { recursive: true });
  const writes: Promise<void>[] = [];
  for (let n = 0; n < size; n++) {
    const s = story(n);
    writes.push(writeFile(join(dir, "stories", `${s.full_slug as string}.json`), JSON.stringify(s)));
  }
  await Promise.all(writes);
  return dir;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Median and p95 of `RUNS` timed calls of `request`, after `WARM_UP` untimed ones. */
async function time(request: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await request();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await request();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (value: number) => value.toFixed(1);

async function main(): Promise<number> {
  const linksRows: string[] = [];
  const filterTimes = new Map<string, number[]>();
  let linksAt2000 = Number.NaN;
  for (const size of SIZES) {
    const dir = await contentFolder(size);
    const asServed = await serveOverHttp(createLocalCdn({ dir, token: TOKEN, onProblems: () => undefined }), 0);
    const unchecked = await serveOverHttp(createLocalCdn({ dir, token: TOKEN, checkIntervalMs: 60_000, onProblems: () => undefined }), 0);
    try {
      const getter =
        (url: string) =>
        async (path: string, params: Record<string, string> = {}) => {
          const response = await fetch(`${url}/v2/cdn/${path}?${new URLSearchParams({ token: TOKEN, ...params })}`);
          if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
          return response.json() as Promise<Record<string, unknown>>;
        };
      const served = getter(asServed.url);
      const page = await time(() => served("links", { per_page: "1000" }));
      const all = await time(async () => {
        for (let p = 1; p <= Math.ceil((size + 20) / 1000); p++) await served("links", { per_page: "1000", page: String(p) });
      });
      if (size === 2000) linksAt2000 = page.p50;
      linksRows.push(`| ${size.toLocaleString("en-US")} | ${ms(page.p50)} | ${ms(page.p95)} | ${ms(all.p50)} | ${ms(all.p95)} |`);
      const get = getter(unchecked.url);
      for (const [name, params] of FILTERS) {
        const { p50 } = await time(() => get("stories", params));
        filterTimes.set(name, [...(filterTimes.get(name) ?? []), p50]);
      }
    } finally {
      await asServed.close();
      await unchecked.close();
      await rm(dir, { recursive: true, force: true });
    }
  }

  console.log(`\`cdn/links\` as \`content serve\` serves it (ms; median and p95 of ${RUNS} requests; stories + 20 folders):\n`);
  console.log("| stories | one page of 1,000: p50 | p95 | every page (getAll): p50 | p95 |");
  console.log("|---:|---:|---:|---:|---:|");
  for (const row of linksRows) console.log(row);

  console.log(`\n\`cdn/stories\` with each filter, the files not checked in between (ms, median of ${RUNS}), and per 1,000 stories:\n`);
  console.log(
    `| filter | ${SIZES.map((s) => s.toLocaleString("en-US")).join(" | ")} | per 1,000 at ${SIZES[0]!.toLocaleString("en-US")} | at ${SIZES.at(-1)!.toLocaleString("en-US")} |`,
  );
  console.log(`|---|${SIZES.map(() => "---:").join("|")}|---:|---:|`);
  for (const [name, times] of filterTimes) {
    const first = (times[0]! / SIZES[0]!) * 1000;
    const last = (times.at(-1)! / SIZES.at(-1)!) * 1000;
    console.log(`| ${name} | ${times.map(ms).join(" | ")} | ${ms(first)} | ${ms(last)} |`);
  }
  console.log(
    "\nLinear: the time per 1,000 stories does not grow with the number of stories (a fixed cost per request, the HTTP round trip and the answer's page, makes it fall).",
  );

  const met = linksAt2000 < LINKS_BUDGET_MS;
  console.log(`\ncdn/links for 2,000 stories: ${ms(linksAt2000)} ms median, target under ${LINKS_BUDGET_MS} ms: ${met ? "met" : "MISSED"}`);
  return met ? 0 : 1;
}

process.exitCode = await main();
