/**
 * next.config.ts's shared page cache switch: REDIS_URL set turns on the
 * Redis cache handler with no memory cache in front; unset, the config is
 * what it was; a malformed one stops the build or start with its name.
 */
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sharedPageCache } from "../../../src/publishing/shared-cache/next-config";
import { redisUrlProblem } from "../../../src/redis/redis-url.mjs";

const HANDLER = "/app/src/publishing/shared-cache/cache-handler.mjs";

describe("sharedPageCache", () => {
  it.each([
    ["unset", undefined],
    ["empty", ""],
    ["blank", "   "],
  ])("changes nothing when REDIS_URL is %s", (_, value) => {
    expect(sharedPageCache(HANDLER, { REDIS_URL: value })).toEqual({});
  });

  it.each(["redis://127.0.0.1:6379", "rediss://user:secret@cache.example.com:6380/2", " redis://redis "])(
    "turns the handler on for %s, with no memory cache in front",
    (value) => {
      expect(sharedPageCache(HANDLER, { REDIS_URL: value })).toEqual({ cacheHandler: HANDLER, cacheMaxMemorySize: 0 });
    },
  );

  it.each([
    ["Vercel", { VERCEL: "1" }],
    ["Netlify", { NETLIFY: "true" }],
  ])("leaves %s's own shared ISR cache in place", (_, platform) => {
    expect(sharedPageCache(HANDLER, { REDIS_URL: "redis://cache.example.com", ...platform })).toEqual({});
  });

  it.each([
    ["localhost:6379", /must start with redis:\/\/ or rediss:\/\//],
    ["http://cache.example.com", /must start with redis:\/\/ or rediss:\/\//],
    ["redis cache", /REDIS_URL is not a URL/],
    ["redis://", /REDIS_URL has no host/],
  ])("stops on %s with an error naming REDIS_URL", (value, message) => {
    expect(() => sharedPageCache(HANDLER, { REDIS_URL: value })).toThrow(message);
  });

  it("never repeats the password of a URL it refuses", () => {
    expect(redisUrlProblem("http://user:hunter2@cache.example.com")).not.toContain("hunter2");
  });
});

describe("next.config.ts", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("points cacheHandler at a file that exists, by an absolute path", async () => {
    vi.stubEnv("REDIS_URL", "redis://127.0.0.1:6379");
    // Loading the config sets the build's identity in the environment, for the build's workers.
    vi.stubEnv("SITE_BUILD_IDENTITY", undefined);
    const { default: nextConfig } = await import("../../../next.config");
    const config = await nextConfig("phase-production-server");
    expect(config.cacheMaxMemorySize).toBe(0);
    expect(config.cacheHandler).toMatch(/^\/.*\/src\/publishing\/shared-cache\/cache-handler\.mjs$/);
    expect(existsSync(config.cacheHandler as string)).toBe(true);
  });
});
