/**
 * One request limiter per content API per server process, shared across
 * instances through Redis when REDIS_URL is set. On globalThis (as
 * src/contact/server/runtime.ts): Next.js may load src/content once per bundle,
 * and storyblok-js-client throttles per client instance, so a limiter held
 * by a module or a client would be one of several, and together they sent
 * 12 requests within 1000 ms where the API allows 5.
 */
import { processRedisLink } from "../shared/process-redis";
import { createRedisWindow } from "./redis-window";
import { createRequestLimiter, type RequestLimiter } from "./request-limiter";
import { processState } from "../../../process/process-state";

/** Storyblok's Content Delivery API: at most 5 requests in any 1000 ms. */
export const REQUESTS_PER_WINDOW = 5;
/** With an OAuth token (Management API limits): at most 3. */
export const OAUTH_REQUESTS_PER_WINDOW = 3;
/**
 * The API's window. The limiter needs no margin on top: a request counts
 * until a window after its answer (sliding-window.ts), so however late it
 * reaches the API, no sixth one can arrive within 1000 ms of it.
 */
export const LIMITER_WINDOW_MS = 1000;

/** The shared window's Redis key, per API base URL. */
export const REQUESTS_KEY_PREFIX = "portfolio:content-api:requests:";

/**
 * The process's limiter for the content API at `endpoint` (its base URL;
 * "in-process:<dir>" for the embedded content, which no other instance
 * reads, so it is never shared).
 */
export function processRequestLimiter(endpoint: string, env: Readonly<Record<string, string | undefined>> = process.env): RequestLimiter {
  const limiters = processState("portfolio.content.request-limiters", () => new Map<string, RequestLimiter>());
  let limiter = limiters.get(endpoint);
  if (!limiter) {
    const link = endpoint.startsWith("in-process:") ? undefined : processRedisLink(env);
    limiter = createRequestLimiter({
      windowMs: LIMITER_WINDOW_MS,
      ...(link && { shared: createRedisWindow(link, `${REQUESTS_KEY_PREFIX}${endpoint}`, LIMITER_WINDOW_MS) }),
    });
    limiters.set(endpoint, limiter);
  }
  return limiter;
}
