/**
 * The shared page cache's handler (src/publishing/shared-cache/cache-handler.mjs)
 * against a real Redis, through the package's CacheHandler class as Next.js
 * calls it:
 *   - a page set by one process is in Redis under the build's prefix, and a
 *     miss in Redis is a miss (Redis is the truth while it answers);
 *   - Redis stopped: pages this process has are still answered, a new one is
 *     kept locally, nothing waits for a connection that is not there, and the
 *     log says so once however many requests come;
 *   - Redis back (empty): one line says so, and Redis is read again at once,
 *     not this process's older copy;
 *   - Redis frozen (connection open, no answers): a page waits out the
 *     command timeout twice, then Redis is skipped: the next reads are
 *     answered from this process's copy within the same turn of the event
 *     loop (told by the loop's order, not by a clock);
 *   - this process busy past the command timeout (rendering) while Redis's
 *     answer waits in its socket: the answer is taken, no failure counted.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMMAND_TIMEOUT_MS } from "../../../src/publishing/shared-cache/cache-handler.mjs";
import { beforeHangGuard, untilHangGuard } from "../../support/hang-guard";
import { bytesWaitingAt } from "../../support/socket-queue";
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
  /**
   * Whether `promise` settles before the event loop's next check phase (setImmediate): on promise jobs alone, with
   * no timer or socket waited for. A read that skips Redis does; one that waits for its answer or its timeout cannot.
   */
  const settlesAtOnce = async (promise: Promise<unknown>): Promise<boolean> => {
    const later = Symbol("later");
    return (await Promise.race([promise, new Promise((resolve) => setImmediate(() => resolve(later)))])) !== later;
  };
  /** A read from the handler, failing by name should it never settle. */
  const read = (path: string) => beforeHangGuard(handler.get(path), `handler.get("${path}")`);

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
    // 22 operations: none waits for a connection that is not there (with an offline queue each would wait until
    // Redis is back, which it is not before the next test: the hang guard's failure).
    for (let i = 0; i < 20; i++) expect((await read("/"))?.value.html).toBe("<h1>Home</h1>");
    await beforeHangGuard(handler.set("/projects/new", page("<h1>New</h1>"), PAGE_CTX), "handler.set");
    expect((await read("/projects/new"))?.value.html).toBe("<h1>New</h1>");
    // Reconnect attempts go on meanwhile; still one line.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(lines(warn, "is unreachable")).toBe(1);
  });

  it("says once that Redis is back, and reads it again (empty after the restart: a miss)", async () => {
    await redis.resume();
    await untilHangGuard(() => lines(info, "is back") > 0, 'the "is back" line');
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
    // Waited for, not timed: on a quiet machine the line comes well inside the skip window (SKIP_AFTER_FAILURE_MS),
    // which is what this test is about; on a busy one it may come later, and the read below holds all the same.
    await untilHangGuard(() => lines(info, "is back") >= 2, 'the second "is back" line');
    expect(lines(info, "is back")).toBe(2);
    // The instance that got the webhook wrote the fresh page.
    redis.cli("SET", key, JSON.stringify(regenerated));
    // The package's index of pages and their tags, which it checks before serving one.
    redis.cli("HSET", `portfolio:pages:${BUILD_ID}:__sharedTags__`, "/projects/harbour", JSON.stringify(regenerated.tags));
    expect((await handler.get("/projects/harbour"))?.value.html).toBe("<h1>Harbour, regenerated elsewhere</h1>");
  });

  it("Redis accepts but does not answer (stopped with SIGSTOP): two reads wait out the command timeout, the next skip Redis", async () => {
    await handler.set("/projects/atlas", page("<h1>Atlas</h1>"), PAGE_CTX);
    const pid = Number(
      execFileSync("pgrep", ["-f", `redis-server 127.0.0.1:${redis.port}`], { encoding: "utf8" })
        .trim()
        .split("\n")[0],
    );
    const linesBefore = lines(warn, "is unreachable");
    process.kill(pid, "SIGSTOP");
    try {
      // One timeout is not an outage (a busy server): this process's copy, no line, Redis tried again.
      const first = handler.get("/projects/atlas");
      expect(await settlesAtOnce(first)).toBe(false);
      expect((await beforeHangGuard(first, "the first read"))?.value.html).toBe("<h1>Atlas</h1>");
      expect(lines(warn, "is unreachable")).toBe(linesBefore);
      // The second in a row is: it too waits out the timeout, then one line.
      expect((await read("/projects/atlas"))?.value.html).toBe("<h1>Atlas</h1>");
      expect(lines(warn, "is unreachable")).toBe(linesBefore + 1);
      // The next reads skip Redis: this process's copy at once, not after another timeout each. (The skip lasts
      // SKIP_AFTER_FAILURE_MS by the wall clock; these five come within microseconds of the line, in one turn each.)
      for (let i = 0; i < 5; i++) {
        const skipped = handler.get("/projects/atlas");
        expect(await settlesAtOnce(skipped), `read ${i + 3}`).toBe(true);
        expect((await skipped)?.value.html).toBe("<h1>Atlas</h1>");
      }
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
      // In Redis's socket, unread: the event, not a sleep that a busy machine may outlast before the read goes out.
      await untilHangGuard(() => bytesWaitingAt(redis.port) > 0, "the read waiting in Redis's socket", undefined, 1);
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
