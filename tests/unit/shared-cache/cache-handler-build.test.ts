/**
 * The shared page cache's handler during `next build`
 * (src/publishing/shared-cache/cache-handler.mjs): a build made with
 * REDIS_URL set (a standalone build keeps the cacheHandler it was built
 * with) renders pages through the handler too, yet must never connect, since
 * the build may run where that Redis is not reachable and its pages belong to
 * no serving instance yet. Against a real Redis: the pages the build writes
 * stay in the build's memory, no key reaches Redis, and no connection is
 * ever opened to it. Its own file: the handler keeps its handlers per process.
 */
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NO_REDIS, redisBinary, startLocalRedis, type LocalRedis } from "../../support/redis";
import { makeHandler, page, PAGE_CTX, type HandlerUnderTest, type NextCacheHandler } from "./handler-harness";

const BUILD_ID = "unit-build-at-build-time";
const hasRedis = redisBinary() !== null;
if (!hasRedis) console.warn(NO_REDIS);

describe.skipIf(!hasRedis)("shared page cache handler in `next build`", () => {
  let redis: LocalRedis;
  let handler: NextCacheHandler;
  let made: HandlerUnderTest | undefined;
  const info = vi.spyOn(console, "info");
  const warn = vi.spyOn(console, "warn");

  beforeAll(async () => {
    redis = await startLocalRedis();
    vi.stubEnv("REDIS_URL", redis.url);
    vi.stubEnv("NEXT_PHASE", PHASE_PRODUCTION_BUILD);
    made = await makeHandler(BUILD_ID);
    handler = made.handler;
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await redis?.stop();
    made?.remove();
  });

  it("keeps the pages it renders in its own memory and writes none to Redis", async () => {
    await handler.set("/projects/tidewater", page("<h1>Tidewater</h1>"), PAGE_CTX);
    await handler.set("/", page("<h1>Home</h1>"), PAGE_CTX);
    expect((await handler.get("/projects/tidewater"))?.value.html).toBe("<h1>Tidewater</h1>");
    expect((await handler.get("/"))?.value.html).toBe("<h1>Home</h1>");
    expect(redis.cli("DBSIZE")).toBe("0");
  });

  it("never opens a connection to Redis, and says nothing about it", async () => {
    await handler.get("/projects/atlas");
    // The one client Redis has is the redis-cli asking (a serving handler keeps its connection open).
    expect(redis.cli("INFO", "clients")).toMatch(/^connected_clients:1\r?$/m);
    expect(info.mock.calls.flat().join("\n")).not.toContain("shared page cache");
    expect(warn.mock.calls.flat().join("\n")).not.toContain("shared page cache");
  });
});
