/**
 * The local content API: a Fetch-standard handler that answers the
 * Storyblok Content Delivery API v2 from a content directory. The site mounts
 * it in-process (as storyblok-js-client's `fetch`); `portfolio content serve`
 * mounts it over HTTP. Both see exactly the same answers.
 */
import { applyFault, type FaultInjector } from "./faults";
import { corsPreflight, methodNotAllowed, notFound, redirectToCv, unauthorized } from "./responses";
import { listLinks } from "./links-endpoint";
import { getSpace } from "./space-endpoint";
import { getStory, listStories, type RequestContext } from "./stories-endpoint";
import { createStoryStore, type StoryStore } from "./story-store";
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
  /** A store to serve from instead of a new one over `dir` (lets `content serve` load and report before listening). */
  store?: StoryStore;
  /** Called for each API request as it arrives, before faults apply (tests count and time them). */
  onRequest?: (url: URL) => void;
}

export type LocalCdnHandler = (request: Request) => Promise<Response>;

const STORIES_PATH = /^\/v2\/cdn\/stories(?:\/(.*))?$/;
const SPACE_PATH = /^\/v2\/cdn\/spaces\/me\/?$/;
const LINKS_PATH = /^\/v2\/cdn\/links\/?$/;

export function reportProblems(problems: StoryFileProblem[]): void {
  for (const { file, problem } of problems) console.warn(`content: ${file}: ${problem} (not served)`);
}

export function createLocalCdn(options: LocalCdnOptions): LocalCdnHandler {
  const store = options.store ?? createStoryStore(options.dir, {
    checkIntervalMs: options.checkIntervalMs,
    onProblems: options.onProblems ?? reportProblems,
  });
  const spaceId = options.spaceId ?? "0";

  return async (request) => {
    if (request.method === "OPTIONS") return corsPreflight();
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed();

    const url = new URL(request.url);
    options.onRequest?.(url);
    const route = STORIES_PATH.exec(url.pathname);
    const isSpace = SPACE_PATH.test(url.pathname);
    const isLinks = LINKS_PATH.test(url.pathname);
    if (!route && !isSpace && !isLinks) return notFound();
    const params = url.searchParams;
    const access = accessOf(params.get("token"), options);
    const version = params.get("version") === "draft" ? "draft" : "published";
    if (!access || !mayRead(access, version)) return unauthorized();

    const fault = options.faults?.next();
    if (fault) {
      const faulty = await applyFault(fault);
      if (faulty) return faulty;
    }

    if (isSpace) return getSpace(await store.latest(), spaceId);
    const snapshot = await store.current();
    const cv = params.get("cv");
    if (version === "published" && cv !== null && cv !== "" && Number(cv) !== snapshot.cv) {
      return redirectToCv(url, snapshot.cv);
    }

    const ctx: RequestContext = { snapshot, params, version, spaceId };
    if (isLinks) return listLinks(ctx);
    const key = route?.[1] ? decodedKey(route[1]) : "";
    if (key === undefined) return notFound();
    return key === "" ? listStories(ctx) : getStory(key, ctx);
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
