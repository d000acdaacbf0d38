/**
 * The two error views the site has and what each is called. The
 * specification names exactly two: an unknown path gets the not-found view
 * titled "Page Not Found"; any other error gets the other view titled
 * "Internal Server Error", whatever its status (a 400 keeps its status code,
 * shown on the page, but not a third view).
 */
export const NOT_FOUND_TITLE = "Page Not Found";
export const SERVER_ERROR_TITLE = "Internal Server Error";

/** What a bot receives instead of a view: the reason phrase, nothing else. */
const REASON: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  410: "Gone",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function reasonPhrase(status: number): string {
  return REASON[status] ?? (status >= 500 ? "Internal Server Error" : "Error");
}

/**
 * The response's status: the one already set when it is an error status,
 * else the error's own, else 500 ("status 500 when none is given").
 */
export function errorStatus(responseStatus: number | undefined, errorStatusCode: number | undefined): number {
  if (responseStatus !== undefined && responseStatus >= 400) return responseStatus;
  if (errorStatusCode !== undefined && errorStatusCode >= 400 && errorStatusCode <= 599) return errorStatusCode;
  return 500;
}

/** The longest path the not-found heading repeats; the rest is cut with an ellipsis. */
const MAX_SHOWN_PATH = 200;

/** The request's path as the reader typed it: decoded, without the query, bounded. */
export function shownPath(url: string | undefined): string {
  const raw = (url ?? "/").split(/[?#]/, 1)[0] || "/";
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape (the very thing a 400 may be about) is shown as typed.
  }
  return path.length > MAX_SHOWN_PATH ? `${path.slice(0, MAX_SHOWN_PATH)}…` : path;
}
