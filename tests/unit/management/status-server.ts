/** A stand-in Management API that answers one request with a chosen status, counting what arrives (the retry tests). */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const servers: Server[] = [];
/** Closes every server started since the last call (a test file's afterEach). */
export async function closeServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
}

/** A server the test made itself, closed with the others. */
export function keepServer(server: Server): void {
  servers.push(server);
}

/** Answers the first request with `status`, every later one with 200 and a story; counts arrivals. */
export async function serveOnce(status: number, port = 0): Promise<{ apiUrl: string; arrivals: () => number }> {
  let arrivals = 0;
  const server = createServer((request, response) => {
    request.resume();
    arrivals++;
    const first = arrivals === 1 && status !== 200;
    response.writeHead(first ? status : 200, {
      "content-type": "application/json",
      ...(first && status === 429 ? { "retry-after": "0" } : {}),
    });
    response.end(JSON.stringify(first ? { error: `answered ${status}` } : { story: { id: 5, uuid: "u" }, stories: [] }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, arrivals: () => arrivals };
}
