/**
 * The one error shape content requests fail with, whatever went wrong:
 * `message` is the HTTP status text, `status` the code and `response` what
 * the client saw. storyblok-js-client rejects with plain objects whose
 * message comes from the body (and with the bare response for 201–206), so
 * the content client converts every rejection with `toContentRequestError`.
 */
import { STATUS_CODES } from "node:http";
import { MALFORMED_BODY, type MalformedBody } from "./checked-fetch";

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
  /** Present when the client rejected with the response itself (a 201–206 answer). */
  statusText?: string;
  data?: unknown;
  headers?: unknown;
}

function malformedBodyOf(response: ContentResponse | undefined): MalformedBody | undefined {
  const data = response?.data;
  if (typeof data !== "object" || data === null || !(MALFORMED_BODY in data)) return undefined;
  return (data as Record<typeof MALFORMED_BODY, MalformedBody>)[MALFORMED_BODY];
}

export function toContentRequestError(reason: unknown): ContentRequestError {
  if (reason instanceof ContentRequestError) return reason;
  const rejection = (typeof reason === "object" && reason !== null ? reason : {}) as ClientRejection;
  const response =
    rejection.response ??
    (typeof rejection.status === "number" && "data" in rejection
      ? { status: rejection.status, statusText: rejection.statusText ?? "", data: rejection.data, headers: rejection.headers }
      : undefined);

  const malformed = malformedBodyOf(response);
  if (malformed && response) {
    const label = [malformed.status, malformed.statusText].filter(Boolean).join(" ");
    return new ContentRequestError(
      `Malformed response body from the content API (status ${label}): ${malformed.parseError}`,
      malformed.status,
      { status: malformed.status, statusText: malformed.statusText, data: malformed.text, headers: response.headers },
    );
  }

  const status = rejection.status ?? response?.status;
  const statusText = response?.statusText || (status ? STATUS_CODES[status] : undefined);
  // Without a status the request never got an answer (network error, timeout).
  const message = statusText ?? (status ? `HTTP status ${status}` : `Content request failed: ${rejection.message ?? String(reason)}`);
  return new ContentRequestError(message, status, response);
}

/** Settles like `request`, but rejects only with ContentRequestError. */
export function withErrorShape<T>(request: Promise<T>): Promise<T> {
  return request.catch((reason: unknown) => {
    throw toContentRequestError(reason);
  });
}

export function isNotFound(error: ContentRequestError): boolean {
  return error.status === 404;
}
