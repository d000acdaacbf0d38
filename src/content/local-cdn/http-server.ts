/**
 * Mounts a Fetch-standard handler on node:http, so the local CDN can be
 * reached over the network (`portfolio content serve`, browser tests, the
 * build benchmark) with exactly the answers it gives in-process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RunningServer {
  server: Server;
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  close(): Promise<void>;
}

export type FetchHandler = (request: Request) => Promise<Response>;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  // The CDN answers GET, HEAD and OPTIONS only; the Management API's writes and asset uploads carry bodies.
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
  return new Request(new URL(req.url ?? "/", origin), { method, headers, body });
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
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
      .then(handler)
      .then((response) => writeResponse(response, res, req.method === "HEAD"))
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
