/**
 * The local content API: a Fetch-standard handler that answers the
 * Storyblok Content Delivery API v2 from a content directory. The site mounts
 * it in-process (as storyblok-js-client's `fetch`); `portfolio content serve`
 * mounts it over HTTP. Both see exactly the same answers.
 */
import { applyFault, type FaultInjector } from "./faults";
import { corsPreflight, methodNotAllowed, notFound, redirectToCv, unauthorized } from "./responses";
import { getDatasource, listDatasourceEntries, listDatasources } from "./datasources-endpoint";
import { getLink, listLinks } from "./links-endpoint";
import { getSpace } from "./space-endpoint";
import { getStory, listStories, type RequestContext } from "./stories-endpoint";
import { createStoryStore, type StoryStore } from "./story-store";
import { listTags } from "./tags-endpoint";
import type { StoryFileProblem } from "./story-types";
import { accessOf, mayRead } from "./token-access";

export interface LocalCdnOptions {
  /** The content directory: `stories/`, optional `drafts/`, `assets/`. */
  dir: string;
  /** The public access token: published content only. Any token but the two gets 401 as from Storyblok. */
  token: string;
  /** The preview access token: drafts and published content. Without it no request reads drafts. */
  previewToken?: string;
  /** Space id written into draft `_editable` comments. */
  spaceId?: string;
  /** How often the files are checked for changes; 0 checks on every request. */
  checkIntervalMs?: number;
  /** Faults to inject (tests only); none when omitted. */
  faults?: FaultInjector;
  /** Where problems with story files go; by default one warning line per file. */
  onProblems?: (problems: StoryFileProblem[]) => void;
  /** For the store it makes over `dir`: a schema folder whose components stand for the space's (StoryStoreOptions.schemaDir). */
  schemaDir?: string;
  /** A store to serve from instead of a new one over `dir` (lets `content serve` load and report before listening). */
  store?: StoryStore;
  /** Called for each API request as it arrives, before faults apply (tests count and time them). */
  onRequest?: (url: URL) => void;
}

export type LocalCdnHandler = (request: Request) => Promise<Response>;

/** The endpoints, by path: `[1]` is the path's key (a story's slug, a link's uuid, a datasource's id), when it has one. */
const ROUTES = {
  stories: /^\/v2\/cdn\/stories(?:\/(.*))?$/,
  space: /^\/v2\/cdn\/spaces\/me\/?$/,
  links: /^\/v2\/cdn\/links(?:\/([^/]+))?\/?$/,
  tags: /^\/v2\/cdn\/tags\/?$/,
  datasources: /^\/v2\/cdn\/datasources(?:\/([^/]+))?\/?$/,
  datasourceEntries: /^\/v2\/cdn\/datasource_entries\/?$/,
} as const;

type Endpoint = keyof typeof ROUTES;

function routeOf(pathname: string): { endpoint: Endpoint; key: string } | undefined {
  for (const [endpoint, pattern] of Object.entries(ROUTES) as [Endpoint, RegExp][]) {
    const match = pattern.exec(pathname);
    if (match) return { endpoint, key: match[1] ?? "" };
  }
  return undefined;
}

export function reportProblems(problems: StoryFileProblem[]): void {
  for (const { file, problem } of problems) console.warn(`content: ${file}: ${problem} (not served)`);
}

export function createLocalCdn(options: LocalCdnOptions): LocalCdnHandler {
  const store =
    options.store ??
    createStoryStore(options.dir, {
      checkIntervalMs: options.checkIntervalMs,
      onProblems: options.onProblems ?? reportProblems,
      schemaDir: options.schemaDir,
    });
  const spaceId = options.spaceId ?? "0";

  return async (request) => {
    if (request.method === "OPTIONS") return corsPreflight();
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed();

    const url = new URL(request.url);
    options.onRequest?.(url);
    const route = routeOf(url.pathname);
    if (!route) return notFound();
    const params = url.searchParams;
    const access = accessOf(params.get("token"), options);
    const version = params.get("version") === "draft" ? "draft" : "published";
    if (!access || !mayRead(access, version)) return unauthorized();

    const fault = options.faults?.next();
    if (fault) {
      const faulty = await applyFault(fault);
      if (faulty) return faulty;
    }

    if (route.endpoint === "space") return getSpace(await store.latest(), spaceId);
    const snapshot = await store.current();
    const cv = params.get("cv");
    if (version === "published" && cv !== null && cv !== "" && Number(cv) !== snapshot.cv) {
      return redirectToCv(url, snapshot.cv);
    }

    const ctx: RequestContext = { snapshot, params, version, spaceId };
    const key = decodedKey(route.key);
    if (key === undefined) return notFound();
    switch (route.endpoint) {
      case "links":
        return key === "" ? listLinks(ctx) : getLink(key, ctx);
      case "tags":
        return listTags(ctx);
      case "datasources":
        return key === "" ? listDatasources(ctx) : getDatasource(key, ctx);
      case "datasourceEntries":
        return listDatasourceEntries(ctx);
      case "stories":
        return key === "" ? listStories(ctx) : getStory(key, ctx);
    }
  };
}

/**
 * The story key of a path, decoded; undefined when it holds a malformed
 * escape (`%`, `%zz`), which names no story: a 404, never a thrown URIError
 * (that was a 500 with a stack for `/projects/%25` on the site).
 */
function decodedKey(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
