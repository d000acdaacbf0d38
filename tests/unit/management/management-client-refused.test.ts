/**
 * A connection refused before anything was sent is the one failure without
 * an answer that the Management API client tries again (300, 600, 1,200 ms):
 * nothing reached the server, so nothing can be made twice. Timed: the
 * server comes up between retries, and giving up takes those waits.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createManagementClient } from "../../../tools/management-api/management-client";
import { freePort } from "../../support/free-port";
import { HANG_GUARD_MS } from "../../support/hang-guard";
import { closeServers, serveOnce } from "./status-server";

afterEach(closeServers);

const client = (apiUrl: string) => createManagementClient({ token: "t", spaceId: 1, apiUrl, requestsPerSecond: 1000 });

describe("a refused connection", () => {
  it("a write whose connection was refused is sent again once the server listens, and arrives once", async () => {
    const port = await freePort();
    let server: { arrivals: () => number } | undefined;
    // The server comes up after the first refusal (the retries wait 300, 600, 1,200 ms).
    const opening = new Promise<void>((resolve) =>
      setTimeout(() => {
        void serveOnce(200, port).then((started) => {
          server = started;
          resolve();
        });
      }, 150),
    );
    const { data } = await client(`http://127.0.0.1:${port}/v1`).stories.create({ body: { story: { name: "A", slug: "a" } } });
    await opening;
    expect(data.story?.id).toBe(5);
    expect(server!.arrivals()).toBe(1);
  });

  // 300 + 600 + 1,200 ms of backing off on a quiet machine; a client that went on retrying for minutes meets this hang guard.
  it("a write refused every time fails after its three retries, not minutes of them", { timeout: HANG_GUARD_MS }, async () => {
    const port = await freePort();
    const started = performance.now();
    const failure = await client(`http://127.0.0.1:${port}/v1`)
      .stories.create({ body: { story: { name: "A", slug: "a" } } })
      .then(
        () => undefined,
        (error: unknown) => error as { cause?: { code?: string } },
      );
    expect(failure?.cause?.code).toBe("ECONNREFUSED");
    // 300 + 600 + 1,200 ms of waiting: retried (not before those waits), but not for minutes (the hang guard above).
    expect(performance.now() - started).toBeGreaterThan(2_000);
  });
});
