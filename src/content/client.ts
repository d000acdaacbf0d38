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
  type ISbStoriesParams,
} from "storyblok-js-client";
import { withCheckedBodies } from "./checked-fetch";
import { ContentRequestError, withErrorShape } from "./content-errors";
import { noPreviewToken, readContentSource, type ContentSource } from "./content-source";
import { inProcessFetch } from "./in-process-fetch";
import { createLocalCdn, reportProblems, type LocalCdnHandler } from "./local-cdn/create-local-cdn";
import { createStoryStore } from "./local-cdn/story-store";
import { useIterativeTreeWalk } from "./iterative-tree-walk";
import type { TokenAccess } from "./local-cdn/token-access";

/** Storyblok's CDN allows more, but 5 per second keeps a parallel build well clear of 429s. */
export const REQUESTS_PER_SECOND = 5;
/** Clients authenticated with an OAuth token (Management API limits) must stay at 3 per second. */
export const OAUTH_REQUESTS_PER_SECOND = 3;
export const MAX_RETRIES = 10;
export const RETRY_DELAY_MS = 300;

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
  /** A personal access / OAuth token, sent as `Authorization`; lowers the rate to 3 per second. */
  oauthToken?: string;
  /**
   * Which of the source's tokens the client carries: `public` (the default)
   * reads published content only; `preview` reads drafts too and throws
   * ContentConfigError when the source has no preview token.
   */
  access?: TokenAccess;
}

/**
 * The site's two clients, one per token (storyblok-js-client keeps the cv
 * and the cache of published answers per token, and the rate limit per
 * client). `published` carries only the public token and serves every
 * public page; `preview` carries the preview token, reads drafts for the
 * Visual Editor and caches nothing. It is absent without a preview token.
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

export class ContentClient extends StoryblokClient {
  readonly #localCv: LocalCacheVersion | undefined;

  /** @param localCv the content's cv when it can be read without a request (the in-process CDN's files). */
  constructor(config: ISbConfig, localCv?: LocalCacheVersion) {
    super(config);
    this.#localCv = localCv;
    // Relation and link resolving must survive content of any depth.
    useIterativeTreeWalk(this);
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
    const { data } = await this.get("cdn/spaces/me", { cv: Date.now() });
    const version: unknown = (data as { space?: { version?: unknown } }).space?.version;
    if (typeof version !== "number" || !Number.isFinite(version)) {
      throw new ContentRequestError("The content API's cdn/spaces/me answer has no space.version", 200, undefined);
    }
    await this.#adopt(version);
    return version;
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
  const store = createStoryStore(source.dir, { checkIntervalMs: options.checkIntervalMs, onProblems: reportProblems });
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
  const common = {
    accessToken,
    rateLimit: options.oauthToken ? OAUTH_REQUESTS_PER_SECOND : REQUESTS_PER_SECOND,
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
      { ...common, endpoint: IN_PROCESS_ENDPOINT, fetch: withCheckedBodies(options.fetch ?? inProcessFetch(local.handler)) },
      local.cv,
    );
  }
  if (source.kind === "local") throw new Error("the local source needs its in-process CDN");
  return new ContentClient({
    ...common,
    region: source.region,
    // With an OAuth token and no endpoint the library would pick the Management API (v1).
    endpoint: source.endpoint ?? (options.oauthToken ? regionCdnEndpoint(source.region) : undefined),
    fetch: withCheckedBodies(options.fetch ?? ((input, init) => fetch(input, init))),
  });
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
