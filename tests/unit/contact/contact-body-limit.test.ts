/**
 * The contact body's size limit as the form's route applies it (the default,
 * MAX_BODY_BYTES = 64 KiB), at its edge: exactly the limit is read, one byte
 * more is refused, whether the length is declared or the body comes chunked.
 * Also the content types read, in the spellings browsers send. Over a real
 * HTTP server, so chunks arrive as the socket delivers them.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readFormBody } from "../../../src/contact/server/read-body";

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    // The default limits, as acceptContact reads a post.
    const result = await readFormBody(request);
    const fields =
      result.kind === "ok"
        ? Object.fromEntries(Object.entries(result.fields).map(([key, value]) => [key, typeof value === "string" ? value.length : value]))
        : undefined;
    response.setHeader("connection", "close");
    response.end(JSON.stringify({ kind: result.kind, fields }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { kind: string; fields?: Record<string, unknown> };

/** Posts `chunks`, one write each; with `declare` the total length is sent as Content-Length, else the body goes chunked. */
function post(chunks: string[], type: string | undefined, declare: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (type !== undefined) headers["content-type"] = type;
    if (declare) headers["content-length"] = String(chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0));
    const request = httpRequest({ port, host: "127.0.0.1", method: "POST", headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      response.on("end", () => resolve(JSON.parse(text) as Answer));
    });
    // The server may answer and close before the last chunk is written.
    request.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

/** A form-encoded body `message=aaa…` of exactly `bytes` bytes, in chunks of at most `size`. */
function formBody(bytes: number, size = bytes): string[] {
  const text = `message=${"a".repeat(bytes - "message=".length)}`;
  return Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
}

describe("the size limit", () => {
  it("is 64 KiB", () => {
    expect(MAX_BODY_BYTES).toBe(64 * 1024);
  });

  it.each([
    ["declared", true, MAX_BODY_BYTES],
    ["chunked in one piece", false, MAX_BODY_BYTES],
    ["chunked in 4 KiB pieces", false, 4096],
  ])("a body of exactly the limit, %s, is read", async (_name, declare, size) => {
    expect(await post(formBody(MAX_BODY_BYTES, size), "application/x-www-form-urlencoded", declare)).toEqual({
      kind: "ok",
      fields: { message: MAX_BODY_BYTES - "message=".length },
    });
  });

  it.each([
    ["declared", true, MAX_BODY_BYTES + 1],
    ["chunked in one piece", false, MAX_BODY_BYTES + 1],
    ["chunked in 4 KiB pieces", false, 4096],
  ])("one byte more, %s, is refused", async (_name, declare, size) => {
    expect(await post(formBody(MAX_BODY_BYTES + 1, size), "application/x-www-form-urlencoded", declare)).toEqual({ kind: "too-large" });
  });

  it("a JSON body is held to the same limit", async () => {
    const json = (bytes: number) => `{"message":"${"a".repeat(bytes - '{"message":""}'.length)}"}`;
    expect(await post([json(MAX_BODY_BYTES)], "application/json", false)).toEqual({ kind: "ok", fields: { message: MAX_BODY_BYTES - 14 } });
    expect(await post([json(MAX_BODY_BYTES + 1)], "application/json", false)).toEqual({ kind: "too-large" });
  });
});

describe("content types", () => {
  it.each([
    ["application/json", '{"a":"b"}'],
    ["Application/JSON; charset=UTF-8", '{"a":"b"}'],
    ["application/x-www-form-urlencoded", "a=b"],
    [" application/x-www-form-urlencoded ;charset=utf-8", "a=b"],
  ])("%j is read", async (type, body) => {
    expect(await post([body], type, true)).toEqual({ kind: "ok", fields: { a: 1 } });
  });

  it.each([
    ["no content type", undefined],
    ["text/plain", "text/plain"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["a JSON look-alike", "application/json-patch+json"],
    ["JSON as a parameter", "text/plain; type=application/json"],
  ])("%s is unsupported", async (_name, type) => {
    expect(await post(['{"a":"b"}'], type, true)).toEqual({ kind: "unsupported" });
  });

  it.each([
    ["null", "null"],
    ["a number", "7"],
    ["an empty body", ""],
  ])("JSON %s is malformed", async (_name, body) => {
    expect(await post([body], "application/json", true)).toEqual({ kind: "malformed" });
  });
});
