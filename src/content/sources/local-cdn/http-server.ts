/**
 * Mounts a Fetch-standard handler on node:http, so the local CDN can be
 * reached over the network (`portfolio content serve`, browser tests, the
 * build benchmark) with exactly the answers it gives in-process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closeAfterAnswer, readBody } from "../../../http/read-body";

/**
 * The largest body the local APIs take: an asset upload's form (Storyblok
 * takes files of a few tens of megabytes); a story or component is far less.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** An upload of that size over loopback takes well under this; a trickled body is cut off. */
const BODY_DEADLINE_MS = 60_000;

export interface RunningServer {
  server: Server;
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  close(): Promise<void>;
}

export type FetchHandler = (request: Request) => Promise<Response>;

/** The request as a Fetch Request, or the answer to a body refused (too large, too slow) or abandoned. */
async function toRequest(req: IncomingMessage, origin: string): Promise<Request | Response | undefined> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", origin);
  // The CDN answers GET, HEAD and OPTIONS only; the Management API's writes and asset uploads carry
  // bodies, read by the site's one body reader: counted as they arrive, under a size and a time limit.
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const read = await readBody(req, { maxBytes: MAX_BODY_BYTES, deadlineMs: BODY_DEADLINE_MS });
  if (read.kind === "ok") return new Request(url, { method, headers, body: new Uint8Array(read.bytes) });
  if (read.kind === "too-large") return Response.json({ error: `Request body over ${MAX_BODY_BYTES} bytes` }, { status: 413 });
  if (read.kind === "timed-out") return Response.json({ error: "Request body not received in time" }, { status: 408 });
  return undefined;
}

async function writeResponse(response: Response, res: ServerResponse, isHead: boolean): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  const body = isHead || response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  res.end(body);
}

export function serveOverHttp(handler: FetchHandler, port: number, host = "127.0.0.1"): Promise<RunningServer> {
  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
    toRequest(req, origin)
      .then(async (request) => {
        if (request === undefined) return; // the client went away mid-body: nobody to answer
        if (request instanceof Response) {
          closeAfterAnswer(res);
          return writeResponse(request, res, false);
        }
        return writeResponse(await handler(request), res, req.method === "HEAD");
      })
      .catch((error: unknown) => {
        // A bug in the handler must not take the server down: answer 500 and say why on stderr.
        console.error("content serve: request failed:", error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${host}:${actual}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
  });
}
