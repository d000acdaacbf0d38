import type { ServerResponse } from "node:http";
import { builtPageHeaders, setHeaders } from "../security/page-policies";
import { shownPath } from "./error-status";

/**
 * The security headers on an error response that Next.js answered before
 * next.config's headers() ran (a path it cannot decode is a 400 rendered by
 * _error without them: no CSP, no frame-ancestors, no nosniff). An error
 * response that has them keeps them. A 400 for a malformed address is the
 * visitor's (or a scanner's) mistake, not the site's: one log line, no stack.
 */
export function ensureErrorHeaders(res: ServerResponse, status: number, url: string | undefined): void {
  if (!res.hasHeader("content-security-policy")) setHeaders(res, builtPageHeaders().published);
  if (status === 400) console.warn(`request: 400 for a malformed address: ${JSON.stringify(shownPath(url))}`);
}
