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

const SCHEMES = new Set(["redis:", "rediss:"]);

/** Why REDIS_URL cannot be used, or null when it can. The message names the variable, never its password. */
export function redisUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "REDIS_URL is not a URL: expected redis://host:6379 or rediss://… (TLS)";
  }
  if (!SCHEMES.has(url.protocol)) return `REDIS_URL must start with redis:// or rediss:// (it starts with ${url.protocol}//)`;
  if (!url.hostname) return "REDIS_URL has no host";
  return null;
}

/** Vercel (VERCEL=1) and Netlify (NETLIFY=true) set these in their builds and functions. */
export function onPlatformWithSharedIsr(env: Record<string, string | undefined>): boolean {
  return env.VERCEL === "1" || env.NETLIFY === "true";
}

/**
 * `cacheHandler` (the absolute path of cache-handler.mjs, which next.config.ts
 * resolves from its own folder: Next.js would take a relative one from the
 * dist dir) and `cacheMaxMemorySize: 0` when REDIS_URL is set; nothing
 * otherwise, and nothing on Vercel or Netlify. A malformed REDIS_URL stops
 * the build or the start.
 */
export function sharedPageCache(handlerPath: string, env: Record<string, string | undefined> = process.env): Pick<NextConfig, "cacheHandler" | "cacheMaxMemorySize"> {
  const value = env.REDIS_URL?.trim();
  if (!value) return {};
  // Vercel and Netlify keep the ISR cache themselves, shared by every instance and region; a handler
  // of ours would replace theirs (and its purge on revalidation). REDIS_URL there serves the rest of issue 22.
  if (onPlatformWithSharedIsr(env)) return {};
  const problem = redisUrlProblem(value);
  if (problem) throw new Error(problem);
  return { cacheHandler: handlerPath, cacheMaxMemorySize: 0 };
}
