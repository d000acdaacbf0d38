import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readFormBody } from "../../../src/contact/server/read-body";
import { BODY_IDLE_MS } from "../../../src/http/read-body";
import * as contactRoute from "../../../src/pages/api/contact";
import { serveApiRoute, type ServedRoute } from "../http/next-api-route";
import { hangUp, openRequest, type RawExchange } from "../http/socket-client";
import { beforeHangGuard, untilHangGuard } from "../../support/hang-guard";

/**
 * Small time limits, so the tests run in real time on real sockets. A limit is checked from the side a
 * busy machine cannot break (nothing before it), the rest by which limit the log names and by the event
 * itself (an answer, a closed connection) under a hang guard.
 */
const LIMITS = { maxBytes: 1024, deadlineMs: 1200, idleMs: 400, graceMs: 600 };
let logs: string[] = [];
/** What the reader returned, per request, in order. */
let seen: unknown[] = [];

// A real HTTP server on a free port: bodies arrive as sockets deliver them, chunked or not.
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const result = await readFormBody(request, LIMITS, (line) => logs.push(line));
    seen.push(result);
    const fields =
      result.kind === "ok" ? { ...result.fields, prototype: Object.getPrototypeOf(result.fields) === null ? "none" : "some" } : undefined;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ kind: result.kind, fields }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
let open: RawExchange[] = [];
afterEach(() => {
  open.forEach(hangUp);
  open = [];
  logs = [];
  seen = [];
});

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

describe("readFormBody's limits", () => {
  const raw = (head: string[], to = port) => {
    const exchange = openRequest(to, ["POST / HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/x-www-form-urlencoded", ...head]);
    open.push(exchange);
    return exchange;
  };

  it("a body that stops coming is timed-out after the idle limit, in one log line", async () => {
    const request = raw(["Content-Length: 100"]);
    request.write("name=A");
    const answer = await request.answer;
    expect(JSON.parse(answer.body)).toEqual({ kind: "timed-out" });
    expect(answer.afterMs).toBeGreaterThanOrEqual(LIMITS.idleMs - 10);
    expect(logs).toHaveLength(1);
    // The idle limit, not the deadline (the seconds are the server's to report: 0.4 on a quiet machine, more on a busy one).
    expect(logs[0]).toMatch(/^contact: request body timed out after \d+\.\d s \(no data for too long; 6 bytes received\)/);
  });

  it("a body trickled a byte at a time is timed-out at the deadline", async () => {
    const request = raw(["Content-Length: 1000"]);
    request.keepWriting("a", LIMITS.idleMs / 10);
    const answer = await request.answer;
    expect(JSON.parse(answer.body)).toEqual({ kind: "timed-out" });
    expect(answer.afterMs).toBeGreaterThanOrEqual(LIMITS.deadlineMs - 10);
    expect(logs[0]).toContain("the whole body took too long");
  });

  it("a Content-Length that under-states the body: only the declared bytes are read", async () => {
    const request = raw(["Content-Length: 6"]);
    request.write("name=Ann&message=" + "x".repeat(2000));
    // Node's parser takes the rest for a next request, refuses it and closes.
    await request.closed;
    expect(seen).toEqual([{ kind: "ok", fields: Object.assign(Object.create(null), { name: "A" }) }]);
  });

  it("a client gone mid-body is a malformed post, not a wait", async () => {
    const request = raw(["Content-Length: 100"]);
    request.write("name=A");
    setTimeout(() => request.socket.destroy(), 50);
    await request.closed;
    // The reader settles as malformed, not timed out: the client's going ends it, not a limit.
    await untilHangGuard(() => seen.length > 0, "the reader settling");
    expect(seen).toEqual([{ kind: "malformed" }]);
    // And no timeout log line comes later (a wait past the idle limit: a busy machine can only make this look longer).
    await new Promise((resolve) => setTimeout(resolve, LIMITS.idleMs + 100));
    expect(logs).toEqual([]);
  });
});

describe("/api/contact through Next.js's API resolver (bodyParser off, the reader's own limits)", () => {
  let route: ServedRoute;
  beforeAll(async () => {
    route = await serveApiRoute(contactRoute, "/api/contact");
  });
  afterAll(() => route.close());

  const post = (head: string[]) => {
    const exchange = openRequest(route.port, ["POST /api/contact HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json", ...head]);
    open.push(exchange);
    return exchange;
  };

  it("a chunked body past 64 KB: 413, and the connection closed while the client keeps sending", async () => {
    const request = post(["Transfer-Encoding: chunked"]);
    const chunk = `${(8192).toString(16)}\r\n${"a".repeat(8192)}\r\n`;
    for (let i = 0; i < 9; i++) request.write(chunk);
    request.keepWriting(chunk, 20);
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    await beforeHangGuard(request.closed, "the route closing the connection");
  });

  it("an unsupported type, trickled: 415 at once, and the connection closed without reading the body", async () => {
    const request = openRequest(route.port, [
      "POST /api/contact HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: text/plain",
      "Content-Length: 1000",
    ]);
    open.push(request);
    request.keepWriting("x", 100);
    const answer = await request.answer;
    expect(answer.status).toBe(415);
    expect(answer.headers.connection).toBe("close");
    await beforeHangGuard(request.closed, "the route closing the connection");
  });

  it("a Content-Length over 64 KB: 413 before the body is sent", async () => {
    const answer = await post([`Content-Length: ${64 * 1024 + 1}`]).answer;
    expect(answer.status).toBe(413);
  });

  it(`headers and then nothing: 408 after ${BODY_IDLE_MS / 1000} s, the connection closed`, async () => {
    const request = post(["Content-Length: 200"]);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(answer.afterMs).toBeGreaterThanOrEqual(BODY_IDLE_MS - 10);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false });
    expect(answer.headers.connection).toBe("close");
    await beforeHangGuard(request.closed, "the route closing the connection");
  });
});
