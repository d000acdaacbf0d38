import type { IncomingMessage } from "node:http";
import type { AddressSource } from "./config";

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.trim() || undefined;

/**
 * The address the rate limit counts against. By default the connection's
 * own: X-Forwarded-For is whatever the client wrote, so trusting it would
 * let anyone pick a fresh address per request. Behind one reverse proxy
 * every connection comes from the proxy, so the proxy's entry counts: the
 * last one, the only one it wrote itself. On Vercel and Netlify the edge
 * writes the visitor's address into a header of its own and overwrites
 * whatever the client sent there.
 */
export function clientAddress(request: IncomingMessage, source: AddressSource): string {
  const socket = request.socket.remoteAddress ?? "unknown";
  switch (source.kind) {
    case "connection":
      return socket;
    case "platform-header":
      return firstValue(request.headers[source.header]) ?? socket;
    case "last-forwarded-for": {
      const header = request.headers["x-forwarded-for"];
      const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",");
      return (
        forwarded
          .map((entry) => entry.trim())
          .filter(Boolean)
          .at(-1) ?? socket
      );
    }
  }
}
