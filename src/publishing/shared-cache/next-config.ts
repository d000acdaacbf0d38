/**
 * The part of next.config.ts that turns the shared page cache on: with
 * REDIS_URL set, Next.js's ISR cache goes through cache-handler.mjs to Redis
 * and keeps nothing in its own memory; without it, nothing changes (each
 * process keeps its pages on its disk and in memory, as before issue 22).
 *
 * `next start` evaluates next.config.ts again, so REDIS_URL at start decides.
 * A standalone build (NEXT_OUTPUT=standalone) embeds the config it was built
 * with: build it with REDIS_URL set for its servers to use Redis (they read
 * the URL itself when they start).
 */
import type { NextConfig } from "next";
import { redisUrlProblem } from "../../redis/redis-url.mjs";

/** Vercel (VERCEL=1) and Netlify (NETLIFY=true) set these in their builds and functions. */
function onPlatformWithSharedIsr(env: Record<string, string | undefined>): boolean {
  return env.VERCEL === "1" || env.NETLIFY === "true";
}

/**
 * `cacheHandler` (the absolute path of cache-handler.mjs, which next.config.ts
 * resolves from its own folder: Next.js would take a relative one from the
 * dist dir) and `cacheMaxMemorySize: 0` when REDIS_URL is set; nothing
 * otherwise, and nothing on Vercel or Netlify. A malformed REDIS_URL stops
 * the build or the start.
 */
export function sharedPageCache(
  handlerPath: string,
  env: Record<string, string | undefined> = process.env,
): Pick<NextConfig, "cacheHandler" | "cacheMaxMemorySize"> {
  const value = env.REDIS_URL?.trim();
  if (!value) return {};
  // Vercel and Netlify keep the ISR cache themselves, shared by every instance and region; a handler
  // of ours would replace theirs (and its purge on revalidation). REDIS_URL there serves the rest of issue 22.
  if (onPlatformWithSharedIsr(env)) return {};
  const problem = redisUrlProblem(value);
  if (problem) throw new Error(problem);
  return { cacheHandler: handlerPath, cacheMaxMemorySize: 0 };
}
