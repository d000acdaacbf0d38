/**
 * An HTTP proxy in front of the content API (the local server over HTTP)
 * that records when each request arrived and what it asked for, as the
 * issue measured: a request counts when it reaches the API, whichever
 * client, process or instance sent it. Requests are passed on unchanged,
 * Host header included, so the API's redirects (an outdated cv is answered
 * with a 301 to the current one) come back through the proxy and count too.
 */
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProxiedRequest {
  /** Date.now() when the request reached the proxy. */
  at: number;
  /** Path and query, e.g. `/v2/cdn/spaces/me?token=…`. */
  path: string;
  /** The API's answer, once it came. */
  status?: number;
}

export interface CountingProxy {
  /** The proxy's base URL, e.g. `http://127.0.0.1:40123`: use `${url}/v2` as the API endpoint. */
  url: string;
  requests: ProxiedRequest[];
  /** The most requests that arrived within any `windowMs` (default 1000) of each other. */
  busiestWindow(windowMs?: number): number;
  close(): Promise<void>;
}

/** The most timestamps within any window of `windowMs`: [t, t + windowMs) for each t. */
export function busiestWindow(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while ((sorted[last] as number) - (sorted[first] as number) >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** @param target the API's base URL, e.g. `http://127.0.0.1:4010`. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  const server = createServer((req, res) => {
    const seen: ProxiedRequest = { at: Date.now(), path: req.url ?? "/" };
    requests.push(seen);
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        seen.status = answer.statusCode;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", (error) => {
      seen.status = 502;
      res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: error.message }));
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    busiestWindow: (windowMs = 1000) =>
      busiestWindow(
        requests.map((r) => r.at),
        windowMs,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
