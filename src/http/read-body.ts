/**
 * A request body read under a size limit and two time limits: the one reader
 * behind every route that reads its own body (the routes set
 * `config.api.bodyParser: false`, so Next.js reads nothing and sets no limit
 * of its own; its parser, when on, has a size limit and no time limit).
 *
 * Without time limits a body trickled in (a byte every few seconds, or the
 * headers and then nothing) holds the route and its socket until Node's
 * `requestTimeout`, five minutes by default, which `next start` keeps: a few
 * hundred such connections cost a client nothing and the server its sockets.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterPendingIo } from "../time-limits/time-limits.mjs";

/**
 * The whole body. Every body read here is a few kilobytes (a webhook, a
 * contact message), which any live client, a phone on a poor link included,
 * sends in well under a second; ten seconds is generous for them and frees a
 * trickled connection in seconds instead of minutes.
 */
const BODY_DEADLINE_MS = 10_000;

/** Between two chunks (and before the first): a client that sends nothing for this long is not sending a form. */
export const BODY_IDLE_MS = 5_000;

/**
 * After a refusal the rest of the body is discarded, not kept, so the answer
 * can be written and read; the route's closeAfterAnswer then ends the
 * connection. Should a route not call it, the socket is destroyed after this
 * long, so a refused body is never read for longer.
 */
const REFUSED_BODY_GRACE_MS = 10_000;

/**
 * How long a connection stays open, discarding, after the answer to a
 * refused body has gone out (a "lingering close", as Apache and nginx do):
 * a client still sending needs a moment to read the answer and stop. Closing
 * at once while its bytes arrive makes the kernel reset the connection, and
 * the reset can destroy the answer before the client reads it.
 */
const LINGER_AFTER_REFUSAL_MS = 2_000;

export interface BodyLimits {
  maxBytes: number;
  /** BODY_DEADLINE_MS unless a test needs less. */
  deadlineMs?: number;
  /** BODY_IDLE_MS unless a test needs less. */
  idleMs?: number;
  /** REFUSED_BODY_GRACE_MS unless a test needs less. */
  graceMs?: number;
}

export type BodyRead =
  | { kind: "ok"; bytes: Buffer }
  /** Over maxBytes, declared by Content-Length or counted as the bytes arrived (chunked bodies have no length). */
  | { kind: "too-large"; maxBytes: number }
  /** `limit` says which limit passed: the whole body's ("deadline") or the wait for the next chunk ("idle"). */
  | { kind: "timed-out"; limit: "deadline" | "idle"; afterMs: number; received: number }
  /** The client closed the connection before the body's end: there is no one to answer. */
  | { kind: "aborted" };

export async function readBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  const { maxBytes, deadlineMs = BODY_DEADLINE_MS, idleMs = BODY_IDLE_MS, graceMs = REFUSED_BODY_GRACE_MS } = limits;
  // A Content-Length over the limit is refused before a byte is read; one under it
  // is not trusted either: the bytes are counted as they arrive.
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    stopReading(request, graceMs);
    return { kind: "too-large", maxBytes };
  }

  return new Promise((resolve) => {
    const startedAt = Date.now();
    const chunks: Buffer[] = [];
    let received = 0;

    const settle = (result: BodyRead) => {
      clearDeadline();
      clearIdle();
      request.off("data", onData).off("end", onEnd).off("error", onAborted).off("close", onAborted);
      resolve(result);
    };
    const refuse = (result: BodyRead) => {
      settle(result);
      stopReading(request, graceMs);
    };
    const timeOut = (limit: "deadline" | "idle") => () => refuse({ kind: "timed-out", limit, afterMs: Date.now() - startedAt, received });

    // Limits that first let the bytes that came meanwhile in: a server busy past a limit
    // (rendering a page) must not refuse a body whose bytes were waiting to be read.
    const clearDeadline = afterPendingIo(deadlineMs, timeOut("deadline"));
    let clearIdle = afterPendingIo(idleMs, timeOut("idle"));
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > maxBytes) return refuse({ kind: "too-large", maxBytes });
      chunks.push(bytes);
      clearIdle();
      clearIdle = afterPendingIo(idleMs, timeOut("idle"));
    }
    function onEnd() {
      settle({ kind: "ok", bytes: Buffer.concat(chunks) });
    }
    // "close" before "end", or an "error" (ECONNRESET "aborted"): the client went away mid-body.
    function onAborted() {
      settle({ kind: "aborted" });
    }
    request.on("data", onData).on("end", onEnd).on("error", onAborted).on("close", onAborted);
  });
}

/**
 * Keeps no more of a refused body: what still arrives is discarded (rather
 * than left unread, which would make the kernel reset the connection and
 * could lose the answer; a stream that was flowing keeps flowing without a
 * listener, and resume() says so for a body refused before its first byte),
 * and the socket is destroyed after `graceMs` if the body is still coming.
 */
function stopReading(request: IncomingMessage, graceMs: number): void {
  request.resume();
  const timer = setTimeout(() => {
    if (!request.complete) request.destroy();
  }, graceMs);
  timer.unref();
  request.once("close", () => clearTimeout(timer));
}

/**
 * For the answer to a refused body (413, 408): the answer says
 * `Connection: close`, so no client sends another request on this
 * connection (one that did would meet the close below and get a reset);
 * once the answer is written the server says it will send no more (FIN),
 * discards what still arrives for `lingerMs` so the client can read the
 * answer, then closes. Without it Node keeps the connection alive and reads
 * the rest of the body first, however long it is and however slowly it comes.
 *
 * Node ends a `Connection: close` response with the socket's destroySoon(),
 * which destroys the socket the moment the answer is flushed: a client still
 * sending then often gets a reset instead of the 413. So this one socket's
 * destroySoon lingers instead (a "lingering close", as Apache and nginx do).
 */
export function closeAfterAnswer(response: ServerResponse, lingerMs = LINGER_AFTER_REFUSAL_MS): void {
  const socket = response.socket;
  if (!socket) return;
  if (!response.headersSent) response.setHeader("Connection", "close");
  const linger = () => {
    socket.end();
    setTimeout(() => socket.destroy(), lingerMs).unref();
  };
  socket.destroySoon = linger;
  response.once("finish", linger);
}

/** The one log line for a timed-out body. */
export function describeTimeout(result: Extract<BodyRead, { kind: "timed-out" }>): string {
  const why = result.limit === "idle" ? "no data for too long" : "the whole body took too long";
  return `request body timed out after ${(result.afterMs / 1000).toFixed(1)} s (${why}; ${result.received} bytes received); answered 408 and stopped reading`;
}
