/**
 * Which answers are compressed, and which compressed bodies may be kept and
 * sent again, decided from the answer's own status and headers.
 */
import type { OutgoingHttpHeader } from "node:http";

/** Below this, a compressed body saves less than its header costs (the threshold Next.js's own compression used). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text formats: HTML, CSS, scripts, JSON, XML, SVG, plain text; any `+json` or `+xml` type. */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/[a-z0-9.+-]+|application\/(?:javascript|ecmascript|json|xml|x-javascript|[a-z0-9.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

function text(header: OutgoingHttpHeader | undefined): string {
  if (header === undefined) return "";
  return Array.isArray(header) ? header.join(", ") : String(header);
}

export interface AnswerHead {
  method: string;
  status: number;
  contentType: OutgoingHttpHeader | undefined;
  contentEncoding: OutgoingHttpHeader | undefined;
  contentRange: OutgoingHttpHeader | undefined;
  cacheControl: OutgoingHttpHeader | undefined;
}

/**
 * Whether an answer's body is of a kind to compress (its type, an encoding
 * not already applied, no `no-transform`): such an answer varies by
 * Accept-Encoding, whether or not this one gets compressed.
 */
export function variesByEncoding(head: AnswerHead): boolean {
  if (!COMPRESSIBLE_TYPE.test(text(head.contentType))) return false;
  const encoding = text(head.contentEncoding).trim().toLowerCase();
  if (encoding !== "" && encoding !== "identity") return false;
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(text(head.cacheControl));
}

/**
 * Whether the answer has a whole body to compress: HEAD, 204, 304 and 1xx
 * have none, and a range (206, or any answer naming a Content-Range) is a
 * slice of the uncompressed file, which must not be encoded on its own.
 */
export function hasWholeBody(head: AnswerHead): boolean {
  if (head.method === "HEAD" || head.status < 200 || head.status === 204 || head.status === 206 || head.status === 304) return false;
  return head.contentRange === undefined;
}

/**
 * Whether a compressed copy of this answer's body may be kept and sent
 * again: a 200 to a GET that any cache may keep (its Cache-Control allows a
 * shared cache: an ISR or static page, a build file). Drafts, the Visual
 * Editor's pages and anything personal say `private` or `no-store` and are
 * compressed afresh for each request, never kept.
 */
export function mayKeepCompressed(head: AnswerHead): boolean {
  if (head.method !== "GET" || head.status !== 200) return false;
  const directives = text(head.cacheControl)
    .toLowerCase()
    .split(",")
    .map((directive) => directive.trim().split("=")[0]);
  if (directives.some((directive) => directive === "private" || directive === "no-store" || directive === "no-cache")) return false;
  return directives.some((directive) => directive === "public" || directive === "s-maxage" || directive === "max-age");
}
