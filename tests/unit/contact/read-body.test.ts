import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFormBody } from "../../../src/contact/read-body";

// A real HTTP server on a free port: bodies arrive as sockets deliver them, chunked or not.
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const result = await readFormBody(request, 1024);
    const fields = result.kind === "ok" ? { ...result.fields, prototype: Object.getPrototypeOf(result.fields) === null ? "none" : "some" } : undefined;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ kind: result.kind, fields }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { kind: string; fields?: Record<string, unknown> };

function post(body: string | Buffer[], headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ port, host: "127.0.0.1", method: "POST", headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      response.on("end", () => resolve(JSON.parse(text) as Answer));
    });
    request.on("error", reject);
    // An array is sent chunk by chunk without Content-Length (Transfer-Encoding: chunked).
    if (Array.isArray(body)) for (const chunk of body) request.write(chunk);
    else request.write(body);
    request.end();
  });
}

describe("readFormBody", () => {
  it("reads JSON", async () => {
    expect(await post(JSON.stringify({ name: "Ann", consent: true }), { "content-type": "application/json; charset=utf-8" })).toEqual({
      kind: "ok",
      fields: { name: "Ann", consent: true, prototype: "none" },
    });
  });

  it("reads a form-encoded body as a browser posts it, first value of a repeated key", async () => {
    const body = "name=Ann+de+Wit&message=Hallo%0D%0Awelt+%C3%BC&name=again";
    expect(await post(body, { "content-type": "application/x-www-form-urlencoded" })).toEqual({
      kind: "ok",
      fields: { name: "Ann de Wit", message: "Hallo\r\nwelt ü", prototype: "none" },
    });
  });

  it("keeps __proto__ as a plain key, never as the object's prototype", async () => {
    const result = await post('{"__proto__": {"polluted": true}, "name": "x"}', { "content-type": "application/json" });
    expect(result.fields?.prototype).toBe("none");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a body whose Content-Length is over the limit without reading it", async () => {
    expect(await post("x".repeat(2000), { "content-type": "application/json" })).toEqual({ kind: "too-large" });
  });

  it("refuses a chunked body once the bytes read pass the limit", async () => {
    const chunks = Array.from({ length: 8 }, () => Buffer.from("a".repeat(200)));
    expect(await post(chunks, { "content-type": "application/x-www-form-urlencoded" })).toEqual({ kind: "too-large" });
  });

  it.each([
    ["not JSON", "{name:", "application/json", "malformed"],
    ["a JSON array", "[1,2]", "application/json", "malformed"],
    ["a JSON string", '"hi"', "application/json", "malformed"],
    ["multipart", "--x--", "multipart/form-data; boundary=x", "unsupported"],
    ["plain text", "hi", "text/plain", "unsupported"],
  ])("%s is %s", async (_name, body, type, kind) => {
    expect(await post(body, { "content-type": type })).toEqual({ kind });
  });
});
