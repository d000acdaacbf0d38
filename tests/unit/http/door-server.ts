/**
 * Test harness for the server's doors (src/http/method-door.ts,
 * src/publishing/page-gate/gate-door.ts): a server of `ServerClass` (a
 * subclass of http.Server the door was installed on, so the rest of the
 * process keeps Node.js's own) on a free loopback port, whose own listener
 * stands for Next.js: it records each request that reached it, as "METHOD
 * url", and answers "passed on". Started before the file's tests and closed
 * after them.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export interface DoorServer {
  /** The port, once the file's tests run. */
  readonly port: number;
  /** What reached the server's own listener, in order; a test may empty it. */
  readonly reached: string[];
}

export function doorServer(ServerClass: new () => Server): DoorServer {
  const reached: string[] = [];
  let server: Server | undefined;
  let port = 0;
  beforeAll(async () => {
    server = new ServerClass();
    server.on("request", (req, res) => {
      reached.push(`${req.method} ${req.url}`);
      res.end("passed on");
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return {
    get port() {
      return port;
    },
    reached,
  };
}
