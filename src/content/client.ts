/**
 * The content client: storyblok-js-client configured with the limits the
 * site relies on, whatever the library's defaults are in a given version,
 * pointed at Storyblok or (by default) at the local CDN in-process.
 */
import StoryblokClient from "storyblok-js-client";
import { readContentSource, type ContentSource } from "./content-source";
import { inProcessFetch } from "./in-process-fetch";
import { createLocalCdn } from "./local-cdn/create-local-cdn";

/** Storyblok's CDN allows more, but 5 per second keeps a parallel build well clear of 429s. */
export const REQUESTS_PER_SECOND = 5;
/** Management-API (OAuth) clients must stay at 3 per second. */
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
}

export function createContentClient(options: ContentClientOptions = {}): StoryblokClient {
  // Throws ContentConfigError (e.g. missing STORYBLOK_TOKEN) before anything is created or sent.
  const source = options.source ?? readContentSource();
  const common = {
    rateLimit: REQUESTS_PER_SECOND,
    maxRetries: MAX_RETRIES,
    retriesDelay: RETRY_DELAY_MS,
    version: "published" as const,
    // Published answers are cached in memory until a response brings a new cv.
    cache: { type: "memory" as const, clear: "auto" as const },
  };
  if (source.kind === "local") {
    const handler = createLocalCdn({ dir: source.dir, token: source.token, checkIntervalMs: options.checkIntervalMs });
    return new StoryblokClient({
      ...common,
      accessToken: source.token,
      endpoint: IN_PROCESS_ENDPOINT,
      fetch: options.fetch ?? inProcessFetch(handler),
    });
  }
  return new StoryblokClient({
    ...common,
    accessToken: source.token,
    region: source.region,
    endpoint: source.endpoint,
    fetch: options.fetch,
  });
}
