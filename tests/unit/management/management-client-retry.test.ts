/**
 * The Management API client retries what Storyblok refused (429, after its
 * Retry-After) and nothing else: a request whose connection dropped may
 * have been carried out, so sending it again could make a write twice (a
 * second story or asset). A push stops and is resumed instead.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createManagementClient } from "../../../tools/management-api/management-client";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose every request is answered by `answer(n)` (n counts from 1); "drop" destroys the connection instead. */
async function serve(
  answer: (n: number) => { status: number; headers?: Record<string, string>; body?: unknown } | "drop",
): Promise<{ apiUrl: string; count: () => number }> {
  let count = 0;
  server = createServer((request, response) => {
    request.resume();
    const reply = answer(++count);
    if (reply === "drop") {
      request.socket.destroy();
      return;
    }
    response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    response.end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, count: () => count };
}

describe("the Management API client's retries", () => {
  it("sends a write whose connection dropped once, and fails", async () => {
    const { apiUrl, count } = await serve(() => "drop");
    const client = createManagementClient({ token: "t", spaceId: 1, apiUrl, requestsPerSecond: 1000 });
    await expect(client.stories.create({ body: { story: { name: "A", slug: "a" } } })).rejects.toThrow();
    expect(count()).toBe(1);
  });

  it("retries a 429 after its Retry-After, and succeeds", async () => {
    const { apiUrl, count } = await serve((n) =>
      n === 1 ? { status: 429, headers: { "retry-after": "0" } } : { status: 201, body: { story: { id: 5 } } },
    );
    const client = createManagementClient({ token: "t", spaceId: 1, apiUrl, requestsPerSecond: 1000 });
    const { data } = await client.stories.create({ body: { story: { name: "A", slug: "a" } } });
    expect(data.story?.id).toBe(5);
    expect(count()).toBe(2);
  });

  it("does not retry another error status", async () => {
    const { apiUrl, count } = await serve(() => ({ status: 500, body: { error: "boom" } }));
    const client = createManagementClient({ token: "t", spaceId: 1, apiUrl, requestsPerSecond: 1000 });
    await expect(client.stories.list()).rejects.toThrow();
    expect(count()).toBe(1);
  });
});
