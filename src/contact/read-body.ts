import type { IncomingMessage } from "node:http";

export type BodyResult =
  | { kind: "ok"; fields: Record<string, unknown> }
  | { kind: "too-large" }
  | { kind: "unsupported" }
  | { kind: "malformed" };

/** Far more than any form of the content's fields needs (a 2,000-character message is ~8 KB as UTF-8 JSON). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a contact form body, JSON (the script) or form-encoded (a browser
 * without JavaScript), without trusting Content-Length: bytes are counted
 * as they arrive and reading stops at the limit. The fields come back in an
 * object without a prototype, so no key can reach Object.prototype.
 */
export async function readFormBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json" && type !== "application/x-www-form-urlencoded") {
    request.resume();
    return { kind: "unsupported" };
  }
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    request.resume();
    return { kind: "too-large" };
  }
  const text = await readText(request, maxBytes);
  if (text === null) return { kind: "too-large" };
  return type === "application/json" ? parseJson(text) : { kind: "ok", fields: parseFormEncoded(text) };
}

function readText(request: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // Stop keeping bytes; the rest drains so the 413 can still be written.
        request.off("data", onData);
        request.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function parseJson(text: string): BodyResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: "malformed" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { kind: "malformed" };
  return { kind: "ok", fields: Object.assign(Object.create(null) as Record<string, unknown>, parsed) };
}

/** A repeated key keeps its first value, as a single form field would have sent. */
function parseFormEncoded(text: string): Record<string, unknown> {
  const fields = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of new URLSearchParams(text)) {
    if (!(key in fields)) fields[key] = value;
  }
  return fields;
}
