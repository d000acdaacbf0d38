/**
 * A request whose answer never came (it timed out) keeps its place in the
 * Management API client's rate limit for as long as it and all its retries
 * could have taken, (timeout + ky's longest wait of 307.2 s) × 11: until then
 * the server may still count it. After that the place is free again, so a
 * run that lost one answer does not wait forever. Fake timers stand for the
 * hour this takes; the requests go over real sockets.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as realDelay } from "node:timers/promises";
import { afterEach, expect, it, vi } from "vitest";
import { HANG_GUARD_MS } from "../../support/hang-guard";
import { createManagementClient, MANAGEMENT_MAX_RETRIES } from "../../../tools/management-api/management-client";

let server: Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Never answers the first request; answers each later one with a story. */
async function serveAllButTheFirst(): Promise<{ apiUrl: string; arrivals: () => number; firstArrived: Promise<void> }> {
  let arrivals = 0;
  let arrived!: () => void;
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  server = createServer((request, response) => {
    request.resume();
    arrivals++;
    if (arrivals === 1) return arrived();
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ story: { id: 5, uuid: "u" } }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, arrivals: () => arrivals, firstArrived };
}

it("frees a timed-out request's place after (timeout + 307.2 s) × 11, and not a millisecond before", async () => {
  vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "Date"] });
  const timeoutMs = 1000;
  const space = await serveAllButTheFirst();
  const client = createManagementClient({ token: "t", spaceId: 1, apiUrl: space.apiUrl, requestsPerSecond: 1, timeoutMs });

  const first = client.stories.get(5).then(
    () => "answered",
    () => "failed",
  );
  await space.firstArrived;
  await vi.advanceTimersByTimeAsync(timeoutMs);
  expect(await first).toBe("failed");

  let second: string | undefined;
  void client.stories.get(5).then(
    () => (second = "answered"),
    () => (second = "failed"),
  );
  const heldFor = (timeoutMs + 300 * 2 ** MANAGEMENT_MAX_RETRIES) * (MANAGEMENT_MAX_RETRIES + 1);
  await vi.advanceTimersByTimeAsync(heldFor - timeoutMs - 1);
  // Time for a request the window let go to reach the server over the socket.
  await realDelay(300);
  expect(space.arrivals()).toBe(1);
  expect(second).toBeUndefined();

  await vi.advanceTimersByTimeAsync(1);
  await vi.waitFor(() => expect(second).toBe("answered"), { interval: 20, timeout: HANG_GUARD_MS });
  expect(space.arrivals()).toBe(2);
});
