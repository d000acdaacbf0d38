/**
 * The one error shape content requests fail with, whatever went wrong:
 * `message` is the HTTP status text, `status` the code and `response` what
 * the client saw. storyblok-js-client rejects with plain objects whose
 * message comes from the body; pages and tests should not depend on that.
 */
import { STATUS_CODES } from "node:http";

export interface ContentResponse {
  status: number;
  statusText: string;
  data: unknown;
  headers: unknown;
}

export class ContentRequestError extends Error {
  override name = "ContentRequestError";
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly response: ContentResponse | undefined,
  ) {
    super(message);
  }
}

interface ClientRejection {
  message?: string;
  status?: number;
  response?: ContentResponse;
}

export function toContentRequestError(reason: unknown): ContentRequestError {
  if (reason instanceof ContentRequestError) return reason;
  const rejection = (typeof reason === "object" && reason !== null ? reason : {}) as ClientRejection;
  const status = rejection.status ?? rejection.response?.status;
  const statusText = rejection.response?.statusText || (status ? STATUS_CODES[status] : undefined);
  // Without a status the request never got a usable answer (network error, malformed body).
  const message = statusText ?? `Content request failed: ${rejection.message ?? String(reason)}`;
  return new ContentRequestError(message, status, rejection.response);
}

export function isNotFound(error: ContentRequestError): boolean {
  return error.status === 404;
}
