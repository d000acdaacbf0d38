/**
 * The site's answers compressed, and cached ones validated, at the server's
 * door instead of by Next.js (next.config `compress: false` and
 * `generateEtags: false`, the options Next.js documents for doing both
 * elsewhere).
 *
 * Why: Next.js gzips every answer afresh, and hashes a page's whole HTML in
 * JavaScript for its ETag, on every request; for a cached page that was
 * most of the work a request cost: about 4 ms of a core to gzip the home
 * page's 48 KB and a fifth of a millisecond to hash it, where Next.js serves
 * the page itself from memory. Here a body any cache may keep is kept
 * (kept-bodies.ts) with its ETag and its compressed copies, made once and
 * sent again; a page ISR regenerates is a new body with an entry of its
 * own; a draft or anything `private` or `no-store` is compressed per request
 * and never kept. Brotli is sent to clients that take it. A GET naming the
 * kept body's ETag in If-None-Match is a 304, as Next.js answered it.
 *
 * How: each response's body is held until it ends (the site's pages and
 * files are small and Next.js sends a page in one piece anyway), then sent
 * in one piece with its Content-Encoding and Content-Length. What is not a
 * text format, is already encoded, says `no-transform`, is under 1 KiB, or
 * has no whole body (HEAD, 204, 304, a range) goes out as it came, with
 * `Vary: Accept-Encoding` wherever its kind is compressed elsewhere, as
 * before. Every header the answer set (the security headers among them) is
 * kept.
 *
 * Installed like the method door (src/http/method-door.ts): by wrapping
 * `emit` of Node.js's http.Server at the server's start
 * (src/instrumentation-node.ts), so every request's response is prepared
 * before Next.js's listener gets it. tests/unit/http/compress-responses.test.ts
 * fails when Node.js stops dispatching requests this way, and
 * tests/e2e/compression.spec.ts when Next.js's answers change under it.
 */
import { Server, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { contentCoding } from "./accept-encoding";
import { compressNow, keptBodies, type Coding, type KeptBodies } from "./kept-bodies";
import { COMPRESSION_THRESHOLD_BYTES, hasWholeBody, mayKeepCompressed, variesByEncoding, type AnswerHead } from "./compressible";

const installed = Symbol.for("portfolio.compress-responses");

type Callback = (error?: Error | null) => void;

/** Installs the compression on `prototype` (every http.Server of the process; a subclass's in tests), once. */
export function installCompression(prototype: Server = Server.prototype as Server, bodies: KeptBodies = keptBodies()): void {
  const target = prototype as Server & { [installed]?: true };
  if (target[installed]) return;
  target[installed] = true;
  const emit = Reflect.get(target, "emit") as (...args: unknown[]) => boolean;
  target.emit = function emitCompressed(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      compressResponse(req, res, bodies);
    }
    return Reflect.apply(emit, this, [event, ...args]);
  } as Server["emit"];
}

/** Adds `Accept-Encoding` to the answer's Vary, unless it is already there or the answer varies by everything. */
function addVary(res: ServerResponse): void {
  const current = res.getHeader("Vary");
  const names = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === "*" || name.toLowerCase() === "accept-encoding")) return;
  res.setHeader("Vary", [...names, "Accept-Encoding"].join(", "));
}

/** Headers handed to writeHead, as Node.js takes them: an object, [name, value] pairs, or a flat list. */
function setHeadersFrom(res: ServerResponse, headers: unknown): void {
  if (!headers || typeof headers !== "object") return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) if (value !== undefined) res.setHeader(name, value);
    return;
  }
  if (headers.length > 0 && Array.isArray(headers[0])) {
    for (const [name, value] of headers as [string, OutgoingHttpHeader][]) res.setHeader(name, value);
    return;
  }
  for (let index = 0; index + 1 < headers.length; index += 2)
    res.setHeader(String(headers[index]), headers[index + 1] as OutgoingHttpHeader);
}

/** One of ServerResponse's own methods, taken off the response to be called on it again. */
type Method = (...args: unknown[]) => unknown;

function compressResponse(req: IncomingMessage, res: ServerResponse, bodies: KeptBodies): void {
  const own = (name: "writeHead" | "write" | "end" | "flushHeaders"): Method => Reflect.get(res, name) as Method;
  const original = { writeHead: own("writeHead"), write: own("write"), end: own("end"), flushHeaders: own("flushHeaders") };
  const call = (method: Method, ...args: unknown[]) => Reflect.apply(method, res, args);
  /** undefined until the headers are known; then whether the body is held to be compressed. */
  let holding: boolean | undefined;
  const held: Buffer[] = [];

  const head = (): AnswerHead => ({
    method: req.method ?? "GET",
    status: res.statusCode,
    contentType: res.getHeader("Content-Type"),
    contentEncoding: res.getHeader("Content-Encoding"),
    contentRange: res.getHeader("Content-Range"),
    cacheControl: res.getHeader("Cache-Control"),
  });
  // Back to Node.js's own methods: what is left of the answer goes out as it comes.
  const passThrough = () => {
    res.writeHead = original.writeHead as ServerResponse["writeHead"];
    res.write = original.write as ServerResponse["write"];
    res.end = original.end as ServerResponse["end"];
    res.flushHeaders = original.flushHeaders;
  };
  /** Decides, once, from the status and headers as they are when the answer's head would go out. */
  const decide = (): boolean => {
    if (holding !== undefined) return holding;
    const answer = head();
    const varies = variesByEncoding(answer);
    if (varies) addVary(res);
    holding = varies && hasWholeBody(answer);
    if (!holding) passThrough();
    return holding;
  };

  /** A 304 for a request that already has this body: the answer's headers without the body's own. */
  const notModified = (done: unknown) => {
    res.statusCode = 304;
    for (const name of ["Content-Length", "Content-Type", "Content-Encoding", "Transfer-Encoding"]) res.removeHeader(name);
    return call(original.end, done) as ServerResponse;
  };

  res.writeHead = function writeHead(status: number, ...rest: unknown[]) {
    // As Node.js's writeHead: an optional reason phrase, then the headers.
    const [reason, headers] = typeof rest[0] === "string" ? rest : [undefined, rest[0]];
    if (typeof reason === "string") res.statusMessage = reason;
    res.statusCode = status;
    setHeadersFrom(res, headers);
    if (!decide()) call(original.writeHead, res.statusCode);
    return res;
  };

  res.flushHeaders = function flushHeaders() {
    // Headers wanted on the wire before the body is known: sent as they are, uncompressed.
    if (holding === undefined) holding = false;
    if (holding) return;
    passThrough();
    call(original.flushHeaders);
  };

  res.write = function write(chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!decide()) return call(original.write, chunk, encoding, callback) as boolean;
    const done = typeof encoding === "function" ? (encoding as Callback) : (callback as Callback | undefined);
    held.push(toBuffer(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined));
    if (done) process.nextTick(done);
    return true;
  } as ServerResponse["write"];

  res.end = function end(chunk?: unknown, encoding?: unknown, callback?: unknown) {
    let body = chunk;
    let bodyEncoding = encoding;
    let done = callback;
    if (typeof body === "function") [done, body] = [body, undefined];
    else if (typeof bodyEncoding === "function") [done, bodyEncoding] = [bodyEncoding, undefined];
    if (!decide()) return call(original.end, body, bodyEncoding, done) as ServerResponse;
    // A page's HTML comes as one string, the same while the page is cached: kept bodies find it without hashing.
    const whole =
      held.length === 0 && typeof body === "string" && (bodyEncoding === undefined || bodyEncoding === "utf8" || bodyEncoding === "utf-8")
        ? body
        : joined(held, body, bodyEncoding);
    held.length = 0;
    passThrough();
    const coding = contentCoding(req.headers["accept-encoding"]);
    let sent: Buffer;
    let encoded: boolean;
    if (mayKeepCompressed(head())) {
      const kept = bodies.keep(whole);
      if (!res.hasHeader("ETag")) res.setHeader("ETag", kept.etag);
      if (matchesIfNoneMatch(req.headers["if-none-match"], String(res.getHeader("ETag")))) return notModified(done);
      encoded = coding !== "identity" && kept.bytes.length >= COMPRESSION_THRESHOLD_BYTES;
      sent = encoded ? kept.copy(coding as Coding) : kept.bytes;
    } else {
      const bytes = typeof whole === "string" ? Buffer.from(whole, "utf8") : whole;
      encoded = coding !== "identity" && bytes.length >= COMPRESSION_THRESHOLD_BYTES;
      sent = encoded ? compressNow(bytes, coding as Coding) : bytes;
    }
    if (encoded) res.setHeader("Content-Encoding", coding);
    // Sent in one piece of a known length: a chunked framing the answer asked for would contradict it.
    res.removeHeader("Transfer-Encoding");
    res.setHeader("Content-Length", sent.length);
    return call(original.end, sent, done) as ServerResponse;
  } as ServerResponse["end"];
}

/** The held pieces and the last one, as one buffer. */
function joined(held: Buffer[], last: unknown, encoding: unknown): Buffer {
  if (last !== undefined && last !== null)
    held.push(toBuffer(last, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined));
  return held.length === 1 ? held[0]! : Buffer.concat(held);
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

function toBuffer(chunk: unknown, encoding: BufferEncoding | undefined): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), encoding ?? "utf8");
}
