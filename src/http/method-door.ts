/**
 * The methods Next.js cannot hand to any code of the site, answered at the
 * server's door as every other refused method is answered elsewhere: 405,
 * `Allow` (src/http/allowed-methods.ts) and the security headers.
 *
 * - TRACE, TRACK, CONNECT: the Fetch standard refuses them. For a path the
 *   proxy matches, Next.js makes a NextRequest (a Fetch Request) before any
 *   code of src/proxy.ts runs; its constructor throws ("'TRACE' HTTP method
 *   is unsupported"), and Next.js answers 500 and logs the stack, for one
 *   request anyone can send.
 * - CONNECT: Node.js hands it to the server's "connect" listeners only, and
 *   `next start` has none: the connection is dropped unanswered.
 * - A method Node.js's parser does not know (TRACK, any made-up token):
 *   Node.js answers 400 itself, without the headers.
 * - OPTIONS: Next.js answers it 400 for every page and file before any
 *   code of the site runs; no route here documents it.
 *
 * Next.js has no door before its router for these (the proxy's matcher
 * tells requests apart by path, header, cookie, query and host, never by
 * method), so this is a workaround, the site's only one for methods: it
 * wraps `emit` of Node.js's http.Server, installed once by the server's
 * start-up (src/instrumentation-node.ts), and answers these events before
 * Next.js's listeners see them. Every other event and method goes on to
 * Next.js unchanged. tests/unit/http/method-door.test.ts fails when Node.js
 * stops dispatching requests this way, and tests/e2e/methods.spec.ts when
 * Next.js changes under it.
 */
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Header } from "../security/security-headers";
import { allowedMethodsAt, allowHeader, type RouteMethods } from "./allowed-methods";

/** The methods a Fetch Request cannot have (Fetch standard, "forbidden method"). */
const FETCH_REFUSED = new Set(["CONNECT", "TRACE", "TRACK"]);
/** Methods Next.js answers for every page and file before the site's code (OPTIONS: 400). */
const NEXT_ANSWERS_ITSELF = new Set(["OPTIONS"]);

const BODY = "Method Not Allowed";
const installed = Symbol.for("portfolio.method-door");

/** Whether the door answers `method` at `url`: a method Next.js cannot hand on, and one the route does not allow. */
export function answeredAtTheDoor(method: string, url: string): boolean {
  return (FETCH_REFUSED.has(method) || NEXT_ANSWERS_ITSELF.has(method)) && !allowedMethodsAt(pathOf(url)).includes(method);
}

/**
 * Installs the door on `prototype` (every http.Server of the process; a
 * subclass's in tests), once. `headers`: the security headers every answer
 * of the site carries.
 */
export function installMethodDoor(headers: readonly Header[], prototype: Server = Server.prototype as Server): void {
  const target = prototype as Server & { [installed]?: true };
  if (target[installed]) return;
  target[installed] = true;
  // Called with each server as `this` below, as Node.js calls it.
  const emit = Reflect.get(target, "emit") as (...args: unknown[]) => boolean;
  const watched = new WeakSet<Server>();
  target.emit = function emitThroughTheDoor(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "connection" && !watched.has(this)) {
      // A listener makes Node.js parse CONNECT and hand it over instead of dropping the connection.
      watched.add(this);
      this.on("connect", (req: IncomingMessage, socket: Socket) => writeRefusal(socket, allowedMethodsAt(pathOf(req.url)), headers));
    }
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (answeredAtTheDoor(req.method ?? "GET", req.url ?? "/")) {
        refuseMethod(res, allowedMethodsAt(pathOf(req.url)), headers);
        return true;
      }
    }
    if (event === "clientError") {
      const [error, socket] = args as [NodeJS.ErrnoException & { rawPacket?: Buffer }, Socket];
      const target = error.code === "HPE_INVALID_METHOD" ? requestTarget(error.rawPacket) : undefined;
      if (target !== undefined) {
        writeRefusal(socket, allowedMethodsAt(pathOf(target)), headers);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]);
  } as Server["emit"];
}

/** A 405 with `Allow` and the security headers, closing the connection (its body, if any, is not read). Also the page gate's door's. */
export function refuseMethod(res: ServerResponse, allowed: RouteMethods, headers: readonly Header[]): void {
  res.shouldKeepAlive = false;
  res.writeHead(405, {
    ...Object.fromEntries(headers.map(({ key, value }) => [key, value])),
    Allow: allowHeader(allowed),
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(BODY)),
  });
  res.end(BODY);
}

/**
 * A 405 written on the socket itself (no response object exists for CONNECT
 * or an unparsed request), then the connection closed, as Node.js closes it
 * after its own 400.
 */
function writeRefusal(socket: Socket, allowed: RouteMethods, headers: readonly Header[]): void {
  if (socket.writable) {
    const lines = [
      "HTTP/1.1 405 Method Not Allowed",
      `Allow: ${allowHeader(allowed)}`,
      ...headers.map(({ key, value }) => `${key}: ${value}`),
      "Content-Type: text/plain; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(BODY)}`,
      "Connection: close",
    ];
    socket.write(`${lines.join("\r\n")}\r\n\r\n${BODY}`);
  }
  socket.destroy();
}

/**
 * The request target of a request line Node.js's parser refused for its
 * method (`TRACK /x HTTP/1.1`): only when the line is otherwise well formed
 * (a token, a target, a version); anything else is a malformed request,
 * which Node.js answers 400 itself.
 */
function requestTarget(raw: Buffer | undefined): string | undefined {
  const line = raw?.toString("latin1").split("\r\n", 1)[0] ?? "";
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ (\S+) HTTP\/\d\.\d$/.exec(line)?.[1];
}

/** The path of a request target: origin form (`/x?y`), absolute form (`http://host/x`), or anything else as the home page. */
function pathOf(target: string | undefined): string {
  if (target?.startsWith("/")) return target;
  try {
    return new URL(target ?? "/").pathname;
  } catch {
    return "/";
  }
}
