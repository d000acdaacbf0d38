/**
 * Issue 36's attack, shared by its HTTP test and its benchmark: many
 * requests for well-formed paths that name no page, sent a fixed number at a
 * time to a production server, while an editor publishes a story. What comes
 * back: each request's status and time, and the server's memory (the
 * resident set of its whole process group, sampled while the flood runs).
 */
import { readdir, readFile } from "node:fs/promises";
import { Agent, get as httpGet } from "node:http";

export interface FloodRequest {
  path: string;
  status: number;
  ms: number;
  retryAfter?: string;
}

export interface FloodResult {
  requests: FloodRequest[];
  startedAt: number;
  endedAt: number;
}

/**
 * `count` unknown paths of every kind a page can be reached by: the project
 * page, its `/_next/data` JSON (with the build's id) and the editor's route
 * as a visitor reaches it. Well-formed, so only knowing the site's pages can
 * turn them away.
 */
export function unknownPaths(count: number, buildId: string, kinds: readonly ("page" | "data" | "editor")[] = ["page"]): string[] {
  return Array.from({ length: count }, (_, n) => {
    const slug = `flood-${n}-x`;
    const kind = kinds[n % kinds.length];
    if (kind === "data") return `/_next/data/${buildId}/projects/${slug}.json`;
    if (kind === "editor") return `/editor/projects/${slug}`;
    return `/projects/${slug}`;
  });
}

/**
 * Requests every path once, `concurrency` at a time over as many kept-alive
 * connections; resolves when all have answered (or failed: status 0).
 * `onAnswer` is told how many have answered so far, after each: a caller
 * can act at a point inside the flood, whatever its speed.
 * node:http rather than fetch: at 50 at a time on two cores, fetch's own
 * work per request took as long as a small server's answer, and the
 * latencies measured the client.
 */
export async function flood(
  siteUrl: string,
  paths: readonly string[],
  concurrency: number,
  headers: Record<string, string> = {},
  onAnswer?: (answered: number) => void,
): Promise<FloodResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const { hostname, port } = new URL(siteUrl);
  const requests: FloodRequest[] = [];
  let next = 0;
  const startedAt = Date.now();
  const get = (path: string) =>
    new Promise<FloodRequest>((resolve) => {
      const started = performance.now();
      const request = httpGet({ host: hostname, port, path, agent, headers }, (response) => {
        response.resume();
        response.on("end", () => {
          const retryAfter = response.headers["retry-after"];
          resolve({ path, status: response.statusCode ?? 0, ms: performance.now() - started, ...(retryAfter && { retryAfter }) });
        });
      });
      request.on("error", () => resolve({ path, status: 0, ms: performance.now() - started }));
    });
  const worker = async () => {
    while (next < paths.length) {
      requests.push(await get(paths[next++] as string));
      onAnswer?.(requests.length);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { requests, startedAt, endedAt: Date.now() };
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** Statuses and how often each came. */
export function statusCounts(requests: readonly FloodRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of requests) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The resident set (bytes) of every process in `leader`'s process group: `next start` and whatever it forked. */
export async function groupRss(leader: number): Promise<number> {
  let total = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // Fields after the command's closing parenthesis: state ppid pgrp …
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== leader) continue;
    const status = await readFile(`/proc/${entry}/status`, "utf8").catch(() => "");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (kb) total += Number(kb) * 1024;
  }
  return total;
}

/** Samples `groupRss(leader)` every `everyMs` until stopped; the largest sample and the last. */
export function sampleRss(leader: number, everyMs = 250): { stop(): Promise<{ max: number; last: number }> } {
  let max = 0;
  let last = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      last = await groupRss(leader);
      max = Math.max(max, last);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { max, last };
    },
  };
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
