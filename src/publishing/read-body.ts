/**
 * The raw request body, up to a limit. The signature covers the exact bytes,
 * so Next's body parser is off for the webhook route and this reads them.
 */
import type { IncomingMessage } from "node:http";

/** The body, or "too-large" as soon as it passes `limit` bytes (the rest is not read). */
export async function readLimitedBody(request: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return "too-large";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) return "too-large";
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
