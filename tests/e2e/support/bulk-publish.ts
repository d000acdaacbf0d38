/**
 * Issue 22's bulk publish, shared by the two-instance test and its benchmark:
 * 40 project stories added to a content folder (before the build), then all
 * 40 changed and 40 signed `published` webhooks sent within one second,
 * spread over the instances given. What comes back: each answer's status and
 * time, and, read at a counting proxy in front of the content API, the
 * requests the sites sent and how often each page was rendered.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sendStoryWebhook, storyWebhookPayload, type WebhookResult } from "../../../src/publishing/send-webhook";
import { busiestWindow, type CountingProxy, type ProxiedRequest } from "../../support/counting-proxy";

const BULK_COUNT = 40;
/** The webhooks go out over this many ms: "within a second". */
const SPREAD_MS = 900;
const TEMPLATE = "projects/fieldnotes";

export interface BulkProject {
  id: number;
  fullSlug: string;
  path: string;
}

const storyFile = (contentDir: string, fullSlug: string) => join(contentDir, "stories", `${fullSlug}.json`);

/** Writes `count` published projects (`projects/bulk/p01` …), copies of an embedded one, into `contentDir`. */
export async function addBulkProjects(contentDir: string, count = BULK_COUNT): Promise<BulkProject[]> {
  const template = JSON.parse(await readFile(storyFile(contentDir, TEMPLATE), "utf8"));
  await mkdir(join(contentDir, "stories", "projects", "bulk"), { recursive: true });
  const projects: BulkProject[] = [];
  for (let n = 1; n <= count; n++) {
    const slug = `p${String(n).padStart(2, "0")}`;
    const fullSlug = `projects/bulk/${slug}`;
    const id = 722000000 + n;
    const story = {
      ...template,
      id,
      uuid: `00000000-0000-4000-8022-${String(n).padStart(12, "0")}`,
      name: `Bulk ${slug}`,
      slug,
      full_slug: fullSlug,
      position: 100 + n,
      content: { ...template.content, title: bulkTitle(slug, "built") },
    };
    await writeFile(storyFile(contentDir, fullSlug), JSON.stringify(story));
    projects.push({ id, fullSlug, path: `/${fullSlug}` });
  }
  return projects;
}

/** The title a bulk project carries in edition `edition`: a page shows it, so "fresh" is one string search. */
function bulkTitle(slug: string, edition: string): string {
  return `Bulk project ${slug}, edition ${edition}`;
}

/** Changes every bulk project's title to `edition` in the content folder (the editor's 40 publishes). */
export async function editBulkProjects(contentDir: string, projects: BulkProject[], edition: string): Promise<void> {
  for (const project of projects) {
    const file = storyFile(contentDir, project.fullSlug);
    const story = JSON.parse(await readFile(file, "utf8"));
    story.content.title = bulkTitle(story.slug, edition);
    await writeFile(file, JSON.stringify(story));
  }
}

export interface BulkResult {
  answers: WebhookResult[];
  /** Date.now() when the first webhook left. */
  startedAt: number;
}

/** 40 signed `published` webhooks within a second, round-robin over `siteUrls`; resolves when every one has answered. */
export async function sendBulkWebhooks(siteUrls: string[], projects: BulkProject[], secret: string): Promise<BulkResult> {
  const startedAt = Date.now();
  const gap = SPREAD_MS / Math.max(1, projects.length - 1);
  const answers = await Promise.all(
    projects.map(async (project, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * gap));
      const url = siteUrls[index % siteUrls.length] as string;
      return sendStoryWebhook(url, storyWebhookPayload("published", project.id, project.fullSlug), secret).catch(
        (error: unknown): WebhookResult => ({ status: 0, body: String(error), ms: Date.now() - startedAt - index * gap }),
      );
    }),
  );
  return { answers, startedAt };
}

/** Paths of `projects` whose page on `siteUrl` does not show `edition` yet. */
async function stalePages(siteUrl: string, projects: BulkProject[], edition: string): Promise<string[]> {
  const stale: string[] = [];
  for (const project of projects) {
    const slug = project.fullSlug.split("/").pop() as string;
    const text = await fetch(`${siteUrl}${project.path}`).then(
      (r) => r.text(),
      () => "",
    );
    if (!text.includes(bulkTitle(slug, edition))) stale.push(project.path);
  }
  return stale;
}

/** Waits (a webhook may answer 202 and finish later) until every page on every site shows `edition`; the stale ones at the deadline. */
export async function waitUntilFresh(siteUrls: string[], projects: BulkProject[], edition: string, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stale = (
      await Promise.all(siteUrls.map(async (url) => (await stalePages(url, projects, edition)).map((path) => `${url}${path}`)))
    ).flat();
    if (stale.length === 0 || Date.now() > deadline) return stale;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface BulkFigures {
  medianMs: number;
  maxMs: number;
  statuses: Record<string, number>;
  requests: number;
  byEndpoint: Record<string, number>;
  busiestSecond: number;
  /**
   * How often the answers say each changed project's page and the home page
   * were revalidated (their `revalidated` lists). A coalesced batch may
   * report its pages elsewhere (the log): count writes to the shared cache
   * then (redis-writes.ts).
   */
  revalidatedInAnswers: { projectLeast: number; projectMost: number; home: number };
}

function median(sorted: number[]): number {
  if (sorted.length === 0) return 0;
  const middle = sorted.length / 2;
  return Number.isInteger(middle)
    ? ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
    : (sorted[Math.floor(middle)] as number);
}

/** Requests by content API endpoint: `cdn/spaces/me`, `cdn/stories` (listings) or `cdn/stories/{slug}`. */
function byEndpoint(requests: ProxiedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { path } of requests) {
    const endpoint = new URL(path, "http://proxy").pathname.replace(/^\/v2\//, "");
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
  }
  return counts;
}

function revalidatedPaths(body: unknown): string[] {
  const listed = (body as { revalidated?: unknown } | null)?.revalidated;
  return Array.isArray(listed) ? listed.filter((path): path is string => typeof path === "string") : [];
}

/** Figures of one bulk publish: answers from `result`, requests from `proxy` between its start and `until`. */
export function bulkFigures(result: BulkResult, proxy: CountingProxy, projects: BulkProject[], until = Date.now()): BulkFigures {
  const times = result.answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const { status } of result.answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const requests = proxy.requests.filter((request) => request.at >= result.startedAt && request.at <= until);
  const grouped: Record<string, number> = {};
  for (const [endpoint, n] of byEndpoint(requests)) {
    const key = endpoint.startsWith("cdn/stories/projects/") ? "cdn/stories/projects/*" : endpoint;
    grouped[key] = (grouped[key] ?? 0) + n;
  }
  const revalidated = new Map<string, number>();
  for (const answer of result.answers)
    for (const path of revalidatedPaths(answer.body)) revalidated.set(path, (revalidated.get(path) ?? 0) + 1);
  const perProject = projects.map((project) => revalidated.get(project.path) ?? 0);
  return {
    medianMs: Math.round(median(times)),
    maxMs: Math.round(times.at(-1) ?? 0),
    statuses,
    requests: requests.length,
    byEndpoint: grouped,
    busiestSecond: busiestWindow(requests.map((request) => request.at)),
    revalidatedInAnswers: { projectLeast: Math.min(...perProject), projectMost: Math.max(...perProject), home: revalidated.get("/") ?? 0 },
  };
}
