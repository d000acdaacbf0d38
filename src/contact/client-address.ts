import type { IncomingMessage } from "node:http";

/**
 * The address the rate limit counts against. By default the connection's
 * own: X-Forwarded-For is whatever the client wrote, so trusting it would
 * let anyone pick a fresh address per request. Behind one reverse proxy
 * (CONTACT_TRUST_PROXY=1) every connection comes from the proxy, so the
 * proxy's entry counts instead: the last one, the only one it wrote itself.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const socket = request.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return socket;
  const header = request.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",");
  return forwarded.map((entry) => entry.trim()).filter(Boolean).at(-1) ?? socket;
}
