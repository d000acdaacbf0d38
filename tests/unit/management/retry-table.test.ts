/**
 * The retry table, by every status Storyblok documents for the Management
 * API (https://www.storyblok.com/docs/api/management/getting-started/errors):
 * how many times one request reaches the server when it is answered so once.
 * Only a 429 is sent again (Storyblok did not carry it out); any other answer
 * fails the call after one arrival, since a write answered 5xx by a gateway
 * may have been made. Reads follow the same rule. A connection dropped
 * after the request went out is not tried again (one refused before
 * anything was sent is: management-client-refused.test.ts, with its clock).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { toManagementRequestError } from "../../../tools/management-api/management-errors";
import { closeServers, keepServer, serveOnce } from "./status-server";

afterEach(closeServers);

const client = (apiUrl: string) => createManagementClient({ token: "t", spaceId: 1, apiUrl, requestsPerSecond: 1000 });

/** Each kind of request a push or a migration sends, as it sends it. */
const REQUESTS: [string, (client: ManagementClient) => Promise<unknown>][] = [
  ["create (POST)", (c) => c.stories.create({ body: { story: { name: "A", slug: "a" } } })],
  ["update (PUT)", (c) => c.stories.update(5, { body: { story: { name: "A", slug: "a" } } as never })],
  ["delete (DELETE)", (c) => c.datasourceEntries.delete(5)],
  ["read (GET)", (c) => c.stories.get(5)],
];

/** Status → arrivals of one request answered so once, and whether the call then succeeds. */
const TABLE: [status: number, arrivals: number, succeeds: boolean][] = [
  [400, 1, false],
  [401, 1, false],
  [403, 1, false],
  [404, 1, false],
  [405, 1, false],
  [406, 1, false],
  [409, 1, false],
  [422, 1, false],
  [423, 1, false],
  [429, 2, true],
  [500, 1, false],
  [502, 1, false],
  [503, 1, false],
  [504, 1, false],
];

describe.each(REQUESTS)("a %s answered once with", (_kind, send) => {
  it.each(TABLE)("%i reaches the server %i time(s)", async (status, arrivals, succeeds) => {
    const server = await serveOnce(status);
    const outcome = await send(client(server.apiUrl)).then(
      () => "ok",
      (error: unknown) => toManagementRequestError(error).status,
    );
    expect(outcome).toBe(succeeds ? "ok" : status);
    expect(server.arrivals()).toBe(arrivals);
  });
});

describe("without an answer", () => {
  it("a write whose connection dropped after it was sent arrives once, and fails", async () => {
    let arrivals = 0;
    const server = createServer((request) => {
      arrivals++;
      request.resume();
      request.socket.destroy();
    });
    keepServer(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    await expect(client(apiUrl).stories.create({ body: { story: { name: "A", slug: "a" } } })).rejects.toThrow();
    expect(arrivals).toBe(1);
  });
});
