/**
 * The content client: storyblok-js-client configured with the limits the
 * site relies on, whatever the library's defaults are in a given version,
 * pointed at Storyblok or (by default) at the local CDN in-process.
 */
import StoryblokClient, {
  type ISbConfig,
  type ISbCustomFetch,
  type ISbLinksParams,
  type ISbLinksResult,
  type ISbResult,
  type ISbStories,
  type ISbStoriesParams,
} from "storyblok-js-client";
import { withCheckedBodies } from "./checked-fetch";
import { ContentRequestError, withErrorShape } from "./content-errors";
import { noPreviewToken, readContentSource, type ContentSource } from "../sources/content-source";
import { inProcessFetch } from "../sources/in-process-fetch";
import { createLocalCdn, reportProblems, type LocalCdnHandler } from "../sources/local-cdn/create-local-cdn";
import { createStoryStore } from "../sources/local-cdn/story-store";
import { installIterativeTreeWalk } from "./iterative-tree-walk";
import type { TokenAccess } from "../sources/local-cdn/token-access";
import { withRequestLimit } from "./rate-limit/limited-fetch";
import { OAUTH_REQUESTS_PER_WINDOW, processRequestLimiter, REQUESTS_PER_WINDOW } from "./rate-limit/process-limiter";
import type { RequestLimiter } from "./rate-limit/request-limiter";
import { createRelationMemo, type RelatedStory, type RelationMemo } from "./relation-memo";

const MAX_RETRIES = 10;
const RETRY_DELAY_MS = 300;

/**
 * The in-process endpoint's host is never resolved: every request goes to the
 * handler. `.invalid` (RFC 2606) makes an accidental network call fail fast.
 */
const IN_PROCESS_ENDPOINT = "http://local-cdn.invalid/v2";

export interface ContentClientOptions {
  /** Defaults to the environment (see content-source.ts). */
  source?: ContentSource;
  /** Overrides the network `fetch`, e.g. to count requests. */
  fetch?: typeof fetch;
  /** Checked-file interval of the in-process CDN (ms); tests use 0 to see edits at once. */
  checkIntervalMs?: number;
  /** A personal access / OAuth token, sent as `Authorization`; lowers the limit to 3 requests in any 1000 ms. */
  oauthToken?: string;
  /**
   * What gates every request; by default the process's one limiter for the
   * content API (rate-limit/process-limiter.ts), shared across instances
   * when REDIS_URL is set. Tests pass their own to stand for another process.
   */
  limiter?: RequestLimiter;
  /**
   * Which of the source's tokens the client carries: `public` (the default)
   * reads published content only; `preview` reads drafts too and throws
   * ContentConfigError when the source has no preview token.
   */
  access?: TokenAccess;
}

/**
 * The site's two clients, one per token (storyblok-js-client keeps the cv
 * and the cache of published answers per token; both, and every other
 * client in the process, share one request limiter). `published` carries
 * only the public token and serves every public page; `preview` carries the
 * preview token, reads drafts for the Visual Editor and caches nothing. It
 * is absent without a preview token.
 */
export interface SiteClients {
  published: ContentClient;
  preview?: ContentClient;
}

/**
 * storyblok-js-client rejecting with ContentRequestError only: `message` the
 * status text, `status`, `response`. `getStory`, `getStories` and the
 * client's own `by_uuids` batches all go through `get`. The 429 retries
 * still work: the converted error keeps `status` and `response`.
 */
/** Where the in-process CDN's cv can be read without a request. */
export interface LocalCacheVersion {
  /** The cv as of the last check of the files (checked at most every checkIntervalMs). */
  current(): Promise<number>;
  /** The cv after checking the files now. */
  latest(): Promise<number>;
}

/** The parameters storyblok-js-client sends with its relation and link batches: anything else is not one. */
const RELATION_BATCH_PARAMS = new Set([
  "by_uuids",
  "per_page",
  "version",
  "language",
  "starts_with",
  "excluding_fields",
  "excluding_story_fields",
  "token",
  "cv",
]);

export class ContentClient extends StoryblokClient {
  readonly #localCv: LocalCacheVersion | undefined;
  readonly #relations: RelationMemo;

  /** @param localCv the content's cv when it can be read without a request (the in-process CDN's files). */
  constructor(config: ISbConfig, localCv?: LocalCacheVersion) {
    super(config);
    this.#localCv = localCv;
    this.#relations = createRelationMemo(() => this.cacheVersion());
    // Relation and link resolving must survive content of any depth.
    installIterativeTreeWalk(this);
  }

  /**
   * The library resolves relations and links by calling this with
   * `by_uuids` batches of at most 50. Published batches go through the
   * relation memo: each related story is fetched once per cv, not once per
   * listing page or story that relates it (relation-memo.ts). Every other
   * call, and drafts, go to the library as they are.
   */
  override async getStories(params: ISbStoriesParams = {}, fetchOptions?: ISbCustomFetch): Promise<ISbStories> {
    const uuids = typeof params.by_uuids === "string" ? params.by_uuids.split(",").filter(Boolean) : [];
    const isRelationBatch = Object.entries(params).every(([key, value]) => value === undefined || RELATION_BATCH_PARAMS.has(key));
    if (uuids.length === 0 || params.version !== "published" || !isRelationBatch) return super.getStories(params, fetchOptions);
    const shape = JSON.stringify([params.language, params.starts_with, params.excluding_fields, params.excluding_story_fields]);
    const stories = await this.#relations.stories(uuids, shape, async (missing) => {
      const { data } = await super.getStories({ ...params, by_uuids: missing.join(",") }, fetchOptions);
      return { cv: data.cv, stories: data.stories as unknown as RelatedStory[] };
    });
    return {
      data: { cv: this.cacheVersion(), stories: stories as unknown as ISbStories["data"]["stories"], rels: [], links: [] },
      perPage: stories.length,
      total: stories.length,
      headers: {},
    };
  }

  /** The library flushes when a response brings a new cv (and #adopt does): related stories go with the rest. */
  override async flushCache(): Promise<this> {
    this.#relations.clear();
    return super.flushCache();
  }

  /**
   * Adopts the content's current cv when it can be known without a request.
   * Published answers (the library's cache, the queries' memo) are only
   * dropped when a response brings a new cv, and once everything is cached
   * no request is sent: edits under content/ would never be seen in
   * `next dev`. For Storyblok the cv arrives with responses (a no-op here).
   */
  async syncCacheVersion(): Promise<void> {
    if (this.#localCv) await this.#adopt(await this.#localCv.current());
  }

  /**
   * Asks the content API for its latest cv and adopts it, dropping every
   * cached published answer when it changed. A page regenerated after a
   * publish must call this first: the cv this process remembers would
   * otherwise serve the story as it was (from the cache, or from Storyblok's
   * CDN, which caches per cv). `cdn/spaces/me` with a cv no one has asked for
   * yet (now, in ms) gets past Storyblok's CDN cache of that answer; the
   * library never caches it. Rejects with ContentRequestError when the API
   * cannot answer: the caller keeps what it had.
   */
  async refreshCacheVersion(): Promise<number> {
    if (this.#localCv) {
      const cv = await this.#localCv.latest();
      await this.#adopt(cv);
      return cv;
    }
    const { data } = (await this.get("cdn/spaces/me", { cv: Date.now() })) as { data: unknown };
    const version: unknown = (data as { space?: { version?: unknown } }).space?.version;
    if (typeof version !== "number" || !Number.isFinite(version)) {
      throw new ContentRequestError("The content API's cdn/spaces/me answer has no space.version", 200, undefined);
    }
    await this.#adopt(version);
    return version;
  }

  /**
   * Adopts `cv` when it is newer than the one this client has (a cv another
   * instance learned, cv-follower.ts), dropping the cached published
   * answers; an older or equal one changes nothing. Resolves whether it did.
   */
  async followCacheVersion(cv: number): Promise<boolean> {
    if (!Number.isFinite(cv) || cv <= (this.cacheVersion() ?? 0)) return false;
    await this.#adopt(cv);
    return true;
  }

  async #adopt(cv: number): Promise<void> {
    if (cv === this.cacheVersion()) return;
    await this.flushCache();
    this.setCacheVersion(cv);
  }

  override get(slug: "cdn/links", params?: ISbLinksParams, fetchOptions?: ISbCustomFetch): Promise<ISbLinksResult>;
  override get(slug: string, params?: ISbStoriesParams, fetchOptions?: ISbCustomFetch): Promise<ISbResult>;
  override get(slug: string, params?: ISbStoriesParams, fetchOptions?: ISbCustomFetch): Promise<ISbResult | ISbLinksResult> {
    return withErrorShape(super.get(slug, params, fetchOptions));
  }

  override getAll(slug: string, params?: ISbStoriesParams, entity?: string, fetchOptions?: ISbCustomFetch): Promise<unknown[]> {
    return withErrorShape(super.getAll(slug, params, entity, fetchOptions));
  }
}

export function createContentClient(options: ContentClientOptions = {}): ContentClient {
  // Throws ContentConfigError (e.g. missing STORYBLOK_TOKEN) before anything is created or sent.
  const source = options.source ?? readContentSource();
  const access = options.access ?? "public";
  return clientFor(source, access, options, source.kind === "local" ? localCdn(source, options) : undefined);
}

/** Both clients of the site; on the embedded content they share one in-process CDN (one read of the files). */
export function createSiteClients(options: Omit<ContentClientOptions, "access"> = {}): SiteClients {
  const source = options.source ?? readContentSource();
  const local = source.kind === "local" ? localCdn(source, options) : undefined;
  return {
    published: clientFor(source, "public", options, local),
    ...(source.previewToken && { preview: clientFor(source, "preview", options, local) }),
  };
}

/** The token a client with `access` carries. */
function tokenFor(source: ContentSource, access: TokenAccess): string {
  if (access === "public") return source.token;
  if (!source.previewToken) throw noPreviewToken();
  return source.previewToken;
}

interface LocalCdn {
  handler: LocalCdnHandler;
  cv: LocalCacheVersion;
}

/** The in-process CDN over the source's folder, answering its public and preview tokens. */
function localCdn(source: Extract<ContentSource, { kind: "local" }>, options: ContentClientOptions): LocalCdn {
  const store = createStoryStore(source.dir, {
    checkIntervalMs: options.checkIntervalMs,
    onProblems: reportProblems,
    schemaDir: source.schemaDir,
  });
  return {
    handler: createLocalCdn({ dir: source.dir, token: source.token, previewToken: source.previewToken, store }),
    cv: {
      current: async () => (await store.current()).cv,
      latest: async () => (await store.latest()).cv,
    },
  };
}

function clientFor(source: ContentSource, access: TokenAccess, options: ContentClientOptions, local: LocalCdn | undefined): ContentClient {
  const accessToken = tokenFor(source, access);
  const limit = options.oauthToken ? OAUTH_REQUESTS_PER_WINDOW : REQUESTS_PER_WINDOW;
  const endpoint = local ? `in-process:${source.kind === "local" ? source.dir : ""}` : apiEndpoint(source);
  const limiter = options.limiter ?? processRequestLimiter(endpoint);
  /** Every request, retries included, waits for the limiter in the one `fetch` the library calls. */
  const limited = (inner: typeof fetch) => withCheckedBodies(withRequestLimit(inner, limiter, limit));
  const common = {
    accessToken,
    // The library's own throttle is off (a limit of 0 disables it, as its throttledQueue documents): it
    // counts per client instance, so two clients in a process (public and preview, or one per bundle)
    // sent twice the limit, and in front of the process-wide limiter it only added a second wait whose
    // window starts when a request is queued, not when it leaves. The limiter in `fetch` is the one count.
    rateLimit: 0,
    maxRetries: MAX_RETRIES,
    retriesDelay: RETRY_DELAY_MS,
    ...(access === "public"
      ? // Published answers are cached in memory until a response brings a new cv.
        { version: "published" as const, cache: { type: "memory" as const, clear: "auto" as const } }
      : // Drafts change with every save in the editor: never cached.
        { version: "draft" as const, cache: { type: "none" as const } }),
    ...(options.oauthToken && { oauthToken: options.oauthToken }),
  };
  if (local) {
    return new ContentClient(
      { ...common, endpoint: IN_PROCESS_ENDPOINT, fetch: limited(options.fetch ?? inProcessFetch(local.handler)) },
      local.cv,
    );
  }
  return new ContentClient({
    ...common,
    endpoint,
    fetch: limited(options.fetch ?? ((input, init) => fetch(input, init))),
  });
}

/** The API base URL the client sends to: the one the limiter counts for. */
function apiEndpoint(source: ContentSource): string {
  if (source.kind === "local") throw new Error("the local source needs its in-process CDN");
  // Given always: with an OAuth token and no endpoint the library would pick the Management API (v1).
  return source.endpoint ?? regionCdnEndpoint(source.region);
}

/** Storyblok's hosts by region, as storyblok-js-client knows them. */
const REGION_HOSTS: Readonly<Record<string, string>> = {
  eu: "api.storyblok.com",
  us: "api-us.storyblok.com",
  cn: "app.storyblokchina.cn",
  ap: "api-ap.storyblok.com",
  ca: "api-ca.storyblok.com",
};

/** The CDN (v2) base URL the library would use for `region` without an OAuth token. */
function regionCdnEndpoint(region: string | undefined): string {
  return `https://${REGION_HOSTS[region ?? "eu"] ?? REGION_HOSTS.eu}/v2`;
}
