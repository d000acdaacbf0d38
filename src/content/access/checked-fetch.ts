/**
 * A `fetch` wrapper that makes sure storyblok-js-client only ever sees JSON
 * bodies. The client parses every body itself and, when that fails, rejects
 * with a bare `{ message }`: the status is lost, and a 429 whose body is an
 * HTML page from a proxy would not even be retried. So bodies are checked
 * here first:
 *   - a non-JSON body on an error status keeps its status (so 429s are still
 *     retried and errors keep their status); the raw text becomes the data;
 *   - a non-JSON body on a success status is turned into an error answer
 *     that carries the original status, text and parse error, which
 *     `toContentRequestError` unwraps. It must not succeed: the client would
 *     cache it as published content.
 */

/** Key of the error body standing in for a malformed success body. */
export const MALFORMED_BODY = "__malformed_body";

export interface MalformedBody {
  status: number;
  statusText: string;
  /** The start of the body as received. */
  text: string;
  parseError: string;
}

/**
 * The status the stand-in answer uses inside the client: not 2xx (so the
 * client rejects it) and not 429 (so it is not retried).
 */
const STAND_IN_STATUS = 502;
const EXCERPT_LENGTH = 200;
/** Statuses whose responses cannot have a body at all. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function isSuccess(status: number): boolean {
  return status >= 200 && status <= 206;
}

export function withCheckedBodies(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (NULL_BODY_STATUSES.has(response.status)) return response;
    const text = await response.text();
    const init_ = { status: response.status, statusText: response.statusText, headers: response.headers };
    try {
      JSON.parse(text);
      return new Response(text, init_);
    } catch (error) {
      const parseError = error instanceof Error ? error.message : String(error);
      if (!isSuccess(response.status)) return new Response(JSON.stringify(text), init_);
      const malformed: MalformedBody = {
        status: response.status,
        statusText: response.statusText,
        text: text.slice(0, EXCERPT_LENGTH),
        parseError,
      };
      return new Response(JSON.stringify({ error: "Malformed response body", [MALFORMED_BODY]: malformed }), {
        status: STAND_IN_STATUS,
        statusText: "Bad Gateway",
        headers: response.headers,
      });
    }
  };
}
