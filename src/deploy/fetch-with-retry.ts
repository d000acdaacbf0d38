/**
 * `fetch` for the site's idempotent requests (GET, HEAD): one more try when
 * the answer says the failure is passing (a timeout, a conflict, too early,
 * too many requests, a server or gateway error). Other statuses are answers,
 * not accidents, and a request that changes something (POST: the contact
 * form) is never sent twice: a retry could deliver a message twice.
 */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);
/** Long enough for a restarting instance or a rate limit window to pass, short enough to go unnoticed. */
const RETRY_DELAY_MS = 300;

export interface RetryOptions {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  delayMs?: number;
}

function methodOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

export async function fetchWithRetry(input: RequestInfo | URL, init?: RequestInit, options: RetryOptions = {}): Promise<Response> {
  const send = options.fetch ?? ((i: RequestInfo | URL, r?: RequestInit) => fetch(i, r));
  if (!IDEMPOTENT_METHODS.has(methodOf(input, init))) return send(input, init);
  // A Request can be sent once; GET and HEAD have no body, so a clone is all it takes to send it again.
  const again = input instanceof Request ? input.clone() : input;
  const first = await send(input, init);
  if (!RETRIED_STATUSES.has(first.status)) return first;
  await first.body?.cancel();
  await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? RETRY_DELAY_MS));
  if (init?.signal?.aborted) throw init.signal.reason;
  return send(again, init);
}
