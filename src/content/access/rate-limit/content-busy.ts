/**
 * A content request the site turned away before sending it: its priority's
 * queue was full, or a visitor's request waited its limit
 * (request-limiter.ts). Nothing reached the content API. A page whose render
 * meets one answers 503 with Retry-After (src/errors/error-status.ts);
 * `statusCode` is the field Next.js's error page reads.
 */
import type { RequestPriority } from "./request-priority";

export class ContentBusyError extends Error {
  override name = "ContentBusyError";
  readonly statusCode = 503;

  constructor(
    readonly priority: RequestPriority,
    readonly why: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`The content API's budget is taken by other work (${priority} request: ${why}); nothing was sent.`);
  }
}

/** Whether `error` is one, whichever bundle's copy of this module made it (Next.js loads src/content once per bundle). */
export function isContentBusy(error: unknown): error is ContentBusyError {
  return error instanceof Error && error.name === "ContentBusyError" && (error as { statusCode?: unknown }).statusCode === 503;
}
