/**
 * What the benchmark's content API saw: every request by kind, and the 429s
 * it answered. The API enforces Storyblok's documented per-second limits for
 * uncached requests (50 for single stories and lists of up to 25, 15 up to
 * 50, 10 up to 75, 6 up to 100), so "no 429s" means something.
 */
import { applyFault } from "../../src/content/sources/local-cdn/faults";

type Handler = (request: Request) => Promise<Response>;

export interface RequestLog {
  total: number;
  tooManyRequests: number;
  byKind: Map<string, number>;
  /** How often each story was requested on its own (GET /cdn/stories/{slug}). */
  singleStory: Map<string, number>;
  /** When each content API request arrived (Date.now()), in order. */
  times: number[];
}

/** The most requests that arrived within any 1000 ms window (sorted times, two pointers). */
export function busiestWindow(times: readonly number[], windowMs = 1000): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while ((times[last] as number) - (times[first] as number) >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

function tierLimit(url: URL): number {
  if (/\/cdn\/stories\/./.test(url.pathname)) return 50;
  const perPage = Number(url.searchParams.get("per_page") ?? "25");
  return perPage <= 25 ? 50 : perPage <= 50 ? 15 : perPage <= 75 ? 10 : 6;
}

function kindOf(url: URL): string {
  const single = /\/cdn\/stories\/(.+)$/.exec(url.pathname);
  if (single) return single[1]?.startsWith("projects/") ? "GET story: a project" : `GET story: ${single[1]}`;
  if (url.searchParams.has("by_uuids")) return "list: by_uuids (relation batch)";
  const relations = url.searchParams.has("resolve_relations") ? ", relations resolved" : "";
  return `list: starts_with=${url.searchParams.get("starts_with") ?? ""}${relations}`;
}

export function withRequestLog(handler: Handler): { handler: Handler; log: RequestLog } {
  const log: RequestLog = { total: 0, tooManyRequests: 0, byKind: new Map(), singleStory: new Map(), times: [] };
  const started = new Map<number, number[]>();
  return {
    log,
    async handler(request) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith("/v2/cdn/")) return handler(request);
      log.total++;
      log.times.push(Date.now());
      const kind = kindOf(url);
      log.byKind.set(kind, (log.byKind.get(kind) ?? 0) + 1);
      const single = /\/cdn\/stories\/(.+)$/.exec(url.pathname)?.[1];
      if (single) log.singleStory.set(single, (log.singleStory.get(single) ?? 0) + 1);

      const limit = tierLimit(url);
      const now = Date.now();
      const window = (started.get(limit) ?? []).filter((t) => t > now - 1000);
      started.set(limit, window);
      if (window.length >= limit) {
        log.tooManyRequests++;
        return (await applyFault({ kind: "status", status: 429 })) as Response;
      }
      window.push(now);
      return handler(request);
    },
  };
}
