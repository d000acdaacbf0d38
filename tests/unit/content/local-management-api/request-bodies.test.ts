import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../../../src/content/sources/local-cdn/http-server";
import { SPACE_ID, startManagementApi, TOKEN, type RunningManagementApi } from "./mapi-harness";

/**
 * The local APIs read request bodies through the site's one body reader:
 * a body declared or counted over the limit is refused with 413 before it is
 * held in memory, and the server goes on answering.
 */
let running: RunningManagementApi;

beforeAll(async () => {
  running = await startManagementApi();
});
afterAll(() => running.close());

function post(path: string, headers: Record<string, string | number>, body: Buffer, end = true): Promise<{ status: number; text: string }> {
  const url = new URL(path, running.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.write(body);
    if (end) req.end();
  });
}

describe("request bodies of the local APIs", () => {
  it("refuses a body whose Content-Length is over the limit, before reading it", async () => {
    const answer = await post(
      `/v1/spaces/${SPACE_ID}/components`,
      { authorization: TOKEN, "content-type": "application/json", "content-length": MAX_BODY_BYTES + 1 },
      Buffer.from('{"component":'),
      false,
    );
    expect(answer.status).toBe(413);
  });

  it("still answers an ordinary write afterwards", async () => {
    const created = await running.call("POST", "components", { component: { name: "after_refusal", schema: {} } });
    expect(created.status).toBe(201);
  });
});
