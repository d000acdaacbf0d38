/**
 * Management API failures in the shape the content client's have
 * (`message`, `status`, `response`), so the CLI reports both alike. The
 * client throws `ClientError`s whose `data` is the body Storyblok sent,
 * parsed as JSON when it is JSON.
 */
import { ClientError } from "@storyblok/management-api-client";

export interface ManagementResponse {
  status: number;
  statusText: string;
  data: unknown;
}

export class ManagementRequestError extends Error {
  override name = "ManagementRequestError";
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly response: ManagementResponse | undefined,
  ) {
    super(message);
  }
}

/** What Storyblok said, e.g. `422 Unprocessable Entity: {"name":["has already been taken"]}`. */
export function toManagementRequestError(reason: unknown): ManagementRequestError {
  if (reason instanceof ManagementRequestError) return reason;
  if (reason instanceof ClientError) {
    const { status, statusText } = reason.response;
    // The body as sent: JSON parsed, else its text (typed as an object by the client, but text is possible).
    const data: unknown = (reason.response.data as unknown) === "" ? undefined : reason.response.data;
    const detail = data === undefined ? "" : `: ${typeof data === "string" ? data : JSON.stringify(data)}`;
    return new ManagementRequestError(`${status} ${statusText || reason.message}${detail}`.trim(), status, { status, statusText, data });
  }
  if (reason instanceof Error) return new ManagementRequestError(reason.message, undefined, undefined);
  return new ManagementRequestError(String(reason), undefined, undefined);
}

/** The failure as the CLI prints it: what Storyblok said, or for a failed connection ("fetch failed") its cause too (ECONNRESET, a connect timeout). */
export function failureMessage(reason: unknown): string {
  const failure = toManagementRequestError(reason);
  const cause = (reason as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const why = typeof cause?.code === "string" ? cause.code : typeof cause?.message === "string" ? cause.message : undefined;
  return why && !failure.message.includes(why) ? `${failure.message} (${why})` : failure.message;
}
