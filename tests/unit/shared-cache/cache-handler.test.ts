/**
 * The shared page cache's handler (src/publishing/shared-cache/cache-handler.mjs)
 * against a real Redis, through the package's CacheHandler class as Next.js
 * calls it:
 *   - a page set by one process is in Redis under the build's prefix, and a
 *     miss in Redis is a miss (Redis is the truth while it answers);
 *   - Redis stopped: pages this process has are still answered, a new one is
 *     kept locally, nothing waits longer than the command timeout, and the
 *     log says so once however many requests come;
 *   - Redis back (empty): one line says so, and Redis is read again at once,
 *     not this process's older copy;
 *   - Redis frozen (connection open, no answers): a page waits at most the
 *     command timeout, once, then this process's copy is served;
 *   - this process busy past the command timeout (rendering) while Redis's
 *     answer waits in its socket: the answer is taken, no failure counted.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMMAND_TIMEOUT_MS, SKIP_AFTER_FAILURE_MS } from "../../../src/publishing/shared-cache/cache-handler.mjs";
import { NO_REDIS, redisBinary, startLocalRedis, type LocalRedis } from "../../support/redis";
import { makeHandler, page, PAGE_CTX, type HandlerUnderTest, type NextCacheHandler } from "./handler-harness";

const BUILD_ID = "unit-build-7";
const hasRedis = redisBinary() !== null;
if (!hasRedis) console.warn(NO_REDIS);

describe.skipIf(!hasRedis)("shared page cache handler", () => {
  let redis: LocalRedis;
  let handler: NextCacheHandler;
  let made: HandlerUnderTest | undefined;
  const warn = vi.spyOn(console, "warn");
  const info = vi.spyOn(console, "info");
  const lines = (spy: typeof warn, text: string) => spy.mock.calls.filter(([line]) => String(line).includes(text)).length;

  beforeAll(async () => {
    redis = await startLocalRedis();
    vi.stubEnv("REDIS_URL", redis.url);
    made = await makeHandler(BUILD_ID);
    handler = made.handler;
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await redis?.stop();
    made?.remove();
  });

  it("writes pages to Redis under the build's prefix, where another process reads them", async () => {
    await handler.set("/projects/tidewater", page("<h1>Tidewater</h1>"), PAGE_CTX);
    const stored = redis.cli("GET", `portfolio:pages:${BUILD_ID}:/projects/tidewater`);
    expect(JSON.parse(stored).value.html).toBe("<h1>Tidewater</h1>");
    // Another instance's regeneration, written straight into Redis: this process serves it.
    const regenerated = JSON.parse(stored);
    regenerated.value.html = "<h1>Tidewater, regenerated elsewhere</h1>";
    redis.cli("SET", `portfolio:pages:${BUILD_ID}:/projects/tidewater`, JSON.stringify(regenerated));
    expect((await handler.get("/projects/tidewater"))?.value.html).toBe("<h1>Tidewater, regenerated elsewhere</h1>");
  });

  it("takes a miss in Redis as a miss, though this process has its own copy", async () => {
    await handler.set("/projects/fieldnotes", page("<h1>Fieldnotes</h1>"), PAGE_CTX);
    redis.cli("DEL", `portfolio:pages:${BUILD_ID}:/projects/fieldnotes`);
    expect(await handler.get("/projects/fieldnotes")).toBeNull();
  });

  it("answers from this process's copies while Redis is down, fast, and logs it once", async () => {
    await handler.set("/", page("<h1>Home</h1>"), PAGE_CTX);
    await redis.pause();
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect((await handler.get("/"))?.value.html).toBe("<h1>Home</h1>");
    await handler.set("/projects/new", page("<h1>New</h1>"), PAGE_CTX);
    expect((await handler.get("/projects/new"))?.value.html).toBe("<h1>New</h1>");
    // 22 operations: none waited for a connection that is not there (no offline queue).
    expect(performance.now() - started).toBeLessThan(2000);
    // Reconnect attempts go on meanwhile; still one line.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(lines(warn, "is unreachable")).toBe(1);
  });

  it("says once that Redis is back, and reads it again (empty after the restart: a miss)", async () => {
    await redis.resume();
    const deadline = Date.now() + 10_000;
    while (lines(info, "is back") === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines(info, "is back")).toBe(1);
    expect(await handler.get("/")).toBeNull();
    expect(lines(warn, "is unreachable")).toBe(1);
  });

  it("reads Redis again as soon as it is back, not this process's older copy (another instance may have regenerated the page)", async () => {
    await handler.set("/projects/harbour", page("<h1>Harbour</h1>"), PAGE_CTX);
    const key = `portfolio:pages:${BUILD_ID}:/projects/harbour`;
    const regenerated = JSON.parse(redis.cli("GET", key));
    regenerated.value.html = "<h1>Harbour, regenerated elsewhere</h1>";
    await redis.pause();
    // A failed read with no connection starts the skip at once.
    expect((await handler.get("/projects/harbour"))?.value.html).toBe("<h1>Harbour</h1>");
    await redis.resume();
    const deadline = Date.now() + SKIP_AFTER_FAILURE_MS;
    while (lines(info, "is back") < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines(info, "is back")).toBe(2);
    // Well inside the skip window: the instance that got the webhook wrote the fresh page.
    redis.cli("SET", key, JSON.stringify(regenerated));
    // The package's index of pages and their tags, which it checks before serving one.
    redis.cli("HSET", `portfolio:pages:${BUILD_ID}:__sharedTags__`, "/projects/harbour", JSON.stringify(regenerated.tags));
    expect((await handler.get("/projects/harbour"))?.value.html).toBe("<h1>Harbour, regenerated elsewhere</h1>");
  });

  it("holds a page no longer than the command timeout when Redis accepts but does not answer (stopped with SIGSTOP)", async () => {
    await handler.set("/projects/atlas", page("<h1>Atlas</h1>"), PAGE_CTX);
    const pid = Number(
      execFileSync("pgrep", ["-f", `redis-server 127.0.0.1:${redis.port}`], { encoding: "utf8" })
        .trim()
        .split("\n")[0],
    );
    const linesBefore = lines(warn, "is unreachable");
    process.kill(pid, "SIGSTOP");
    try {
      const started = performance.now();
      // One timeout is not an outage (a busy server): this process's copy, no line, Redis tried again.
      expect((await handler.get("/projects/atlas"))?.value.html).toBe("<h1>Atlas</h1>");
      expect(lines(warn, "is unreachable")).toBe(linesBefore);
      // The second in a row is: one line, and the next reads skip Redis at once; all get this process's copy.
      for (let i = 0; i < 5; i++) expect((await handler.get("/projects/atlas"))?.value.html).toBe("<h1>Atlas</h1>");
      expect(performance.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS * 3);
      expect(lines(warn, "is unreachable")).toBe(linesBefore + 1);
    } finally {
      process.kill(pid, "SIGCONT");
    }
  });

  it("a process busy past the command timeout takes the answer Redis sent meanwhile: no failure, no line", async () => {
    const key = `portfolio:pages:${BUILD_ID}:/projects/kiln`;
    await handler.set("/projects/kiln", page("<h1>Kiln</h1>"), PAGE_CTX);
    const pid = Number(
      execFileSync("pgrep", ["-f", `redis-server 127.0.0.1:${redis.port}`], { encoding: "utf8" })
        .trim()
        .split("\n")[0],
    );
    const linesBefore = lines(warn, "is unreachable");
    // Twice: two failures in a row would declare Redis gone and log it.
    for (const round of [1, 2]) {
      const regenerated = JSON.parse(redis.cli("GET", key));
      regenerated.value.html = `<h1>Kiln, regenerated elsewhere ${round}</h1>`;
      redis.cli("SET", key, JSON.stringify(regenerated));
      // The read goes out to a Redis that cannot answer yet...
      process.kill(pid, "SIGSTOP");
      const read = handler.get("/projects/kiln");
      await new Promise((resolve) => setTimeout(resolve, 50));
      // From setImmediate's turn (the loop's check phase), so the timers come first once the hold ends:
      // a hold from a timer's own turn would let the socket be read before the expired timeout runs.
      await new Promise((resolve) => setImmediate(resolve));
      // ...which answers while this process is held past the timeout, as a long render holds it.
      process.kill(pid, "SIGCONT");
      const heldSince = performance.now();
      redis.cli("PING"); // synchronous: Redis is running again, and has answered what came before
      while (performance.now() - heldSince < COMMAND_TIMEOUT_MS + 300) {
        // busy
      }
      expect((await read)?.value.html, `round ${round}`).toBe(`<h1>Kiln, regenerated elsewhere ${round}</h1>`);
    }
    expect(lines(warn, "is unreachable")).toBe(linesBefore);
  });
});
