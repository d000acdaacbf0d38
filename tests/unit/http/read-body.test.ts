/**
 * readBody over real sockets: a node:http server on 127.0.0.1 reads each
 * request body with small limits (so the time limits are tested in real
 * time, not with fake timers) and answers as the routes do; a raw TCP client
 * sends the bodies real clients would not.
 *
 * A busy machine may make anything late, so a limit is checked from the
 * side it cannot break: nothing happens before its time (measured from a
 * moment at or before the limit's timer started), and what happens is told
 * by the result (which limit passed) and by the event itself (the answer,
 * the closed connection), awaited under a hang guard. On the server that
 * closes after a refusal the reader's grace is longer than the hang guard,
 * so a connection that closes there was closed by the linger, not the grace.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeAfterAnswer, describeTimeout, readBody, type BodyLimits, type BodyRead } from "../../../src/http/read-body";
import { beforeHangGuard, HANG_GUARD_MS, untilHangGuard } from "../../support/hang-guard";
import { hangUp, openRequest, type RawExchange } from "./socket-client";

/** The forgetful route's limits (the grace is what closes its connections). */
const LIMITS = { maxBytes: 1024, deadlineMs: 1200, idleMs: 400, graceMs: 600 } satisfies BodyLimits;
/** The closing route's: a grace past the hang guard, so only its linger can close a connection in a test. */
const CLOSING_LIMITS = { ...LIMITS, graceMs: 4 * HANG_GUARD_MS } satisfies BodyLimits;
const LINGER_MS = 300;
const STATUS: Record<BodyRead["kind"], number> = { ok: 200, "too-large": 413, "timed-out": 408, aborted: 400 };

let results: BodyRead[];
/** When the server's side of each connection closed (Date.now()), in order of closing. */
let socketsClosed: number[] = [];
/** When the route began to read each body (Date.now()): at or before any of the reader's timers started. */
let readsStarted: number[] = [];
/** When each answer was written out (Date.now(), the response's "finish"): at or before its linger started. */
let answersFinished: number[] = [];
let waiting: ((result: BodyRead) => void)[];
const nextResult = () => new Promise<BodyRead>((resolve) => waiting.push(resolve));

/** A route: reads the body, answers its size or the refusal, and (unless `forgetful`) closes after a refusal. */
function route(forgetful: boolean) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    request.socket.once("close", () => socketsClosed.push(Date.now()));
    readsStarted.push(Date.now());
    const result = await readBody(request, forgetful ? LIMITS : CLOSING_LIMITS);
    results.push(result);
    waiting.shift()?.(result);
    // Before closeAfterAnswer's own listener, so the time is read before the linger starts.
    response.once("finish", () => answersFinished.push(Date.now()));
    if (result.kind !== "ok" && !forgetful) closeAfterAnswer(response, LINGER_MS);
    response.statusCode = STATUS[result.kind];
    response.end(result.kind === "ok" ? `${result.bytes.length} bytes` : result.kind);
  };
}

let server: Server;
let forgetfulServer: Server;
let port: number;
let forgetfulPort: number;
let open: RawExchange[] = [];

async function listen(handler: ReturnType<typeof route>): Promise<[Server, number]> {
  const created = createServer(handler);
  await new Promise<void>((resolve) => created.listen(0, "127.0.0.1", resolve));
  return [created, (created.address() as AddressInfo).port];
}

beforeAll(async () => {
  [server, port] = await listen(route(false));
  [forgetfulServer, forgetfulPort] = await listen(route(true));
});
afterAll(async () => {
  await Promise.all([server, forgetfulServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});
afterEach(() => {
  open.forEach(hangUp);
  open = [];
  results = [];
  waiting = [];
  socketsClosed = [];
  readsStarted = [];
  answersFinished = [];
});
results = [];
waiting = [];

function post(headers: string[], toPort = port, deaf = false): RawExchange {
  const exchange = openRequest(toPort, ["POST / HTTP/1.1", "Host: 127.0.0.1", ...headers], { deaf });
  open.push(exchange);
  return exchange;
}
const chunked = ["Transfer-Encoding: chunked"];
/** The server closed the connection (the client closes only after it, or when a test hangs up). */
const closedByServer = (request: RawExchange) => beforeHangGuard(request.closed, "the server closing the connection");

describe("bodies within the limits", () => {
  it("a body with its Content-Length is read whole", async () => {
    const request = post(["Content-Length: 11"]);
    request.write("hello world");
    expect(await request.answer).toMatchObject({ status: 200, body: "11 bytes" });
  });

  it("a chunked body under the limit, in chunks each within the idle limit, is read whole", async () => {
    const request = post(chunked);
    for (const piece of ["a".repeat(500), "b".repeat(500)]) {
      request.writeChunk(piece);
      // A tenth of the idle limit: a busy machine's late timers stay well within it.
      await new Promise((resolve) => setTimeout(resolve, LIMITS.idleMs / 10));
    }
    request.write("0\r\n\r\n");
    expect(await request.answer).toMatchObject({ status: 200, body: "1000 bytes" });
  });
});

describe("slow bodies are answered 408 in the time limits", () => {
  it("headers and then nothing: 408 after the idle limit, and the connection closed", async () => {
    const request = post(["Content-Length: 100"]);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    // Not before the idle limit (the client's clock started before the server's timer); the idle limit, not the deadline.
    expect(answer.afterMs).toBeGreaterThanOrEqual(LIMITS.idleMs - 10);
    expect(results[0]).toMatchObject({ kind: "timed-out", limit: "idle", received: 0 });
    expect(answer.headers.connection).toBe("close");
    await closedByServer(request);
  });

  it("a byte at a time, each within the idle limit: 408 at the deadline, and no more is read", async () => {
    const request = post(["Content-Length: 1000"]);
    request.keepWriting("x", LIMITS.idleMs / 10);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(answer.afterMs).toBeGreaterThanOrEqual(LIMITS.deadlineMs - 10);
    const result = results[0];
    expect(result).toMatchObject({ kind: "timed-out", limit: "deadline" });
    if (result?.kind === "timed-out") expect(result.received).toBeGreaterThan(3);
    // The client is still sending; the server ends the connection once the answer is out.
    expect(answer.headers.connection).toBe("close");
    await closedByServer(request);
  });

  it("a Content-Length that over-states the body: 408 when the rest never comes", async () => {
    const request = post(["Content-Length: 500"]);
    request.write("only ten b");
    expect((await request.answer).status).toBe(408);
    expect(results[0]).toMatchObject({ kind: "timed-out", limit: "idle", received: 10 });
  });

  it("says what happened in one line", () => {
    expect(describeTimeout({ kind: "timed-out", limit: "idle", afterMs: 5003, received: 0 })).toBe(
      "request body timed out after 5.0 s (no data for too long; 0 bytes received); answered 408 and stopped reading",
    );
    expect(describeTimeout({ kind: "timed-out", limit: "deadline", afterMs: 10_012, received: 5 })).toContain(
      "the whole body took too long; 5 bytes",
    );
  });
});

describe("sizes are counted, whatever the headers say", () => {
  it("a Content-Length over the limit: 413 before a byte of the body is sent, and the connection closed", async () => {
    const request = post([`Content-Length: ${LIMITS.maxBytes + 1}`]);
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    await closedByServer(request);
  });

  it("a chunked body past the limit: 413, and the connection closed while the client keeps sending", async () => {
    const request = post(chunked);
    for (let i = 0; i < 8; i++) request.writeChunk("a".repeat(200));
    request.keepWriting(`${(200).toString(16)}\r\n${"a".repeat(200)}\r\n`, 20);
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    // Said in the answer too, so no keep-alive client sends its next request on a connection about to close.
    expect(answer.headers.connection).toBe("close");
    // Refused for its size, not for time: a slow machine changes when, not which.
    expect(results[0]).toEqual({ kind: "too-large", maxBytes: LIMITS.maxBytes });
    await closedByServer(request);
  });

  it("exactly the limit is read; one byte more is refused", async () => {
    const at = post(chunked);
    at.writeChunk("a".repeat(LIMITS.maxBytes));
    at.write("0\r\n\r\n");
    expect((await at.answer).status).toBe(200);
    const over = post(chunked);
    over.writeChunk("a".repeat(LIMITS.maxBytes));
    over.writeChunk("b");
    over.write("0\r\n\r\n");
    expect((await over.answer).status).toBe(413);
  });

  it("a Content-Length that under-states the body: only the declared bytes are the body", async () => {
    const request = post(["Content-Length: 10"]);
    const result = nextResult();
    request.write("x".repeat(2000));
    const read = await result;
    expect(read.kind === "ok" && read.bytes.toString()).toBe("x".repeat(10));
    // The rest is not this body: Node's parser takes it for a next request, refuses it and closes.
    await request.closed;
    expect(results).toHaveLength(1);
  });
});

describe("the connection", () => {
  it("a client that does not close when the server does: the server closes after lingering", async () => {
    const request = post(chunked, port, true);
    request.writeChunk("a".repeat(LIMITS.maxBytes + 1));
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    // The body ends (so the reader's grace, for bodies still coming, does not apply), the connection stays open.
    request.write("0\r\n\r\n");
    // Without the linger's end the server would keep the connection as long as the client does.
    await untilHangGuard(() => socketsClosed.length > 0, "the server closing a connection its client kept open");
    // Not before the linger, both times read by the server: its answer written, then its side closed.
    expect(socketsClosed[0]! - answersFinished[0]!).toBeGreaterThanOrEqual(LINGER_MS - 5);
  });

  it("a client gone mid-body: the read ends as aborted instead of waiting", async () => {
    const request = post(["Content-Length: 100"]);
    request.write("half");
    const result = nextResult();
    setTimeout(() => request.socket.destroy(), 50);
    expect(await result).toEqual({ kind: "aborted" });
  });

  it.each([
    // The grace starts at the refusal: at once for a body past the limit, after the idle limit for one that stops.
    ["a body past the limit", (request: RawExchange) => request.writeChunk("a".repeat(LIMITS.maxBytes + 1)), 413, LIMITS.graceMs],
    ["a body that stops", (request: RawExchange) => request.writeChunk("a"), 408, LIMITS.idleMs + LIMITS.graceMs],
  ])("a route that does not close after refusing %s: the socket is destroyed after the grace", async (_name, send, status, notBeforeMs) => {
    const request = post(chunked, forgetfulPort);
    send(request);
    const answer = await request.answer;
    expect(answer.status).toBe(status);
    // Kept alive by the route (no Connection: close), so the client may go on: the reader's grace ends it.
    expect(answer.headers.connection).not.toBe("close");
    request.keepWriting("1\r\nx\r\n", 50);
    await closedByServer(request);
    await untilHangGuard(() => socketsClosed.length > 0, "the server's side of the connection closing");
    // Not before the grace, both times read by the server: from the read's start, before any of its timers.
    expect(socketsClosed[0]! - readsStarted[0]!).toBeGreaterThanOrEqual(notBeforeMs - 5);
  });
});

describe("a server held busy past a limit", () => {
  /** Holds the event loop, as a server rendering a heavy page does: no timer, no I/O runs meanwhile. */
  function holdEventLoop(ms: number): void {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy
    }
  }

  it("a body whose bytes came while the server was busy is read whole, not refused as slow", async () => {
    let request: RawExchange | undefined;
    const busy = createServer(async (incoming, response) => {
      const reading = readBody(incoming, { maxBytes: 1024, deadlineMs: 50, idleMs: 50 });
      // The whole body reaches this server's socket at once (a loopback write), while the
      // server works on for four times either limit before it reads again.
      request!.write("hello world");
      holdEventLoop(200);
      const result = await reading;
      response.statusCode = STATUS[result.kind];
      response.end(result.kind === "ok" ? `${result.bytes.length} bytes` : result.kind);
    });
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    try {
      request = post(["Content-Length: 11"], (busy.address() as AddressInfo).port);
      expect(await request.answer).toMatchObject({ status: 200, body: "11 bytes" });
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});
