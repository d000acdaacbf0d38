import type { IncomingMessage } from "node:http";
import { describeTimeout, readBody, type BodyLimits } from "../../http/read-body";

export type BodyResult =
  | { kind: "ok"; fields: Record<string, unknown> }
  | { kind: "too-large" }
  /** Not complete within the time limits (src/http/read-body.ts): answer 408 and close. */
  | { kind: "timed-out" }
  | { kind: "unsupported" }
  | { kind: "malformed" };

/** Far more than any form of the content's fields needs (a 2,000-character message is ~8 KB as UTF-8 JSON). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a contact form body, JSON (the script) or form-encoded (a browser
 * without JavaScript), with readBody's limits: bytes are counted as they
 * arrive whatever Content-Length says, reading stops at the size limit, and
 * a body that trickles in is refused in seconds. The fields come back in an
 * object without a prototype, so no key can reach Object.prototype.
 */
export async function readFormBody(
  request: IncomingMessage,
  limits: BodyLimits = { maxBytes: MAX_BODY_BYTES },
  log: (line: string) => void = (line) => console.error(line),
): Promise<BodyResult> {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json" && type !== "application/x-www-form-urlencoded") {
    request.resume();
    return { kind: "unsupported" };
  }
  const body = await readBody(request, limits);
  switch (body.kind) {
    case "too-large":
      return { kind: "too-large" };
    case "timed-out":
      log(`contact: ${describeTimeout(body)}`);
      return { kind: "timed-out" };
    case "aborted":
      // Cut off before its end, so not a whole form; no one is left to read the answer.
      return { kind: "malformed" };
    case "ok": {
      const text = body.bytes.toString("utf8");
      return type === "application/json" ? parseJson(text) : { kind: "ok", fields: parseFormEncoded(text) };
    }
  }
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
