/**
 * The retry helper against a local HTTP server that answers a given status
 * once, then 200: listed statuses are retried once for GET and HEAD; every
 * other status, and any POST, is not.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchWithRetry, RETRIED_STATUSES } from "../../../src/deploy/fetch-with-retry";

let server: Server;
let base: string;
/** Statuses still to answer, in order; 200 once they run out. */
let script: number[];
let seen: string[];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.method ?? "");
    const status = script.shift() ?? 200;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(req.method === "HEAD" ? undefined : JSON.stringify({ status }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  script = [];
  seen = [];
});

const fast = { delayMs: 1 };

describe("retried once", () => {
  it.each([...RETRIED_STATUSES])("GET answered %i, then 200: two requests, the 200 returned", async (status) => {
    script = [status];
    const response = await fetchWithRetry(`${base}/build-info.json`, undefined, fast);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200 });
    expect(seen).toEqual(["GET", "GET"]);
  });

  it("HEAD answered 503, then 200", async () => {
    script = [503];
    expect((await fetchWithRetry(base, { method: "HEAD" }, fast)).status).toBe(200);
    expect(seen).toEqual(["HEAD", "HEAD"]);
  });

  it("a GET Request object is sent again whole", async () => {
    script = [502];
    expect((await fetchWithRetry(new Request(`${base}/x`), undefined, fast)).status).toBe(200);
    expect(seen).toEqual(["GET", "GET"]);
  });

  it("only once: a second failure is returned as it is", async () => {
    script = [503, 503];
    expect((await fetchWithRetry(base, undefined, fast)).status).toBe(503);
    expect(seen).toEqual(["GET", "GET"]);
  });

  it(`waits before the retry (${300} ms by default)`, async () => {
    script = [429];
    const started = performance.now();
    await fetchWithRetry(base);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe("not retried", () => {
  it.each([400, 401, 403, 404, 405, 410, 412, 413, 418, 422, 426, 431, 451, 501, 505, 507, 511])("GET answered %i", async (status) => {
    script = [status];
    expect((await fetchWithRetry(base, undefined, fast)).status).toBe(status);
    expect(seen).toEqual(["GET"]);
  });

  it.each([...RETRIED_STATUSES])("POST answered %i", async (status) => {
    script = [status];
    expect((await fetchWithRetry(base, { method: "POST", body: "{}" }, fast)).status).toBe(status);
    expect(seen).toEqual(["POST"]);
  });

  it.each(["PUT", "DELETE", "PATCH"])("%s answered 503", async (method) => {
    script = [503];
    expect((await fetchWithRetry(new Request(base, { method, body: method === "DELETE" ? null : "{}" }), undefined, fast)).status).toBe(
      503,
    );
    expect(seen).toEqual([method]);
  });
});
