/**
 * The one Management API client of the CLI: Storyblok's own
 * `@storyblok/management-api-client` (typed from Storyblok's OpenAPI
 * description), configured with the limits the spec sets. `schema pull`,
 * `schema push`, `space push` and the migrations all take it from here, so
 * they share one rate limit (request-window.ts) and one retry policy.
 */
import { createManagementApiClient } from "@storyblok/management-api-client";
import { createRequestWindow } from "./request-window";

/** Storyblok allows 3 requests per second to the Management API with a personal access (OAuth) token. */
const MANAGEMENT_REQUESTS_PER_SECOND = 3;

/** As the content client: up to 10 retries of a 429, 300 ms doubling, or what `Retry-After` says. */
export const MANAGEMENT_MAX_RETRIES = 10;

/** Throws on every HTTP error (a `ClientError`; management-errors.ts gives it today's shape), so callers never test `error`. */
export type ManagementClient = ReturnType<typeof createManagementClient>;

export interface ManagementClientOptions {
  /** The personal access token (`STORYBLOK_OAUTH_TOKEN`); sent as Storyblok expects it, without "Bearer". */
  token: string;
  /** The space every space-scoped call goes to. */
  spaceId: number;
  /** eu, us, ca, ap or cn: the region's base URL. Ignored when `apiUrl` is given. */
  region?: string;
  /** A base URL such as http://127.0.0.1:4010/v1 (`STORYBLOK_MANAGEMENT_API_URL`): the local API, a proxy. */
  apiUrl?: string;
  /** Requests per second; the spec's 3 unless a test needs to see the limit held at another rate. */
  requestsPerSecond?: number;
  /** How long one request may take before it fails; 30 s by default. */
  timeoutMs?: number;
}

/**
 * How often a refused connection is tried again: 300, 600 and 1,200 ms, enough
 * for a server or proxy that is restarting, not minutes against one that is down.
 */
const MANAGEMENT_REFUSED_RETRIES = 3;

/** ky's retry options; `shouldRetry` is ky's own, missing from the client's narrower type of them. */
const RETRY = {
  limit: MANAGEMENT_MAX_RETRIES,
  methods: ["get", "post", "put", "delete", "patch"] as ("get" | "post" | "put" | "delete" | "patch")[],
  statusCodes: [429],
  // undefined: ky's own rules (statusCodes, Retry-After) decide for an answer. Without an answer, only a
  // refused connection is tried again: nothing reached the server. Any other (a reset, a timeout) may
  // have been carried out, so it is never sent again.
  shouldRetry: ({ error, retryCount }: { error: Error; retryCount: number }) =>
    isHttpError(error) ? undefined : connectionRefused(error) && retryCount <= MANAGEMENT_REFUSED_RETRIES,
};

/** ky's longest wait between retries when the server names none (its backoffLimit is unset): 300 ms doubled 10 times. */
const RETRY_WAIT_LIMIT_MS = 300 * 2 ** MANAGEMENT_MAX_RETRIES;

const REGIONS = new Set(["eu", "us", "ca", "ap", "cn"]);

/**
 * The client's base URL for an API URL. Storyblok's API URLs, and so
 * `STORYBLOK_MANAGEMENT_API_URL`, end in `/v1` (`https://mapi.storyblok.com/v1`,
 * `http://127.0.0.1:4010/v1`), but the client's paths already start with
 * `/v1/spaces/...`: it wants the origin, or `/v1/v1/spaces` is requested.
 */
export function clientBaseUrl(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
}

export function createManagementClient(options: ManagementClientOptions) {
  const region = options.region ?? "eu";
  if (!options.apiUrl && !REGIONS.has(region))
    throw new Error(`Unknown Storyblok region "${region}": use eu, us, ca, ap or cn, or set STORYBLOK_MANAGEMENT_API_URL.`);
  const timeout = options.timeoutMs ?? 30_000;
  const client = createManagementApiClient<true>({
    personalAccessToken: options.token,
    spaceId: options.spaceId,
    region: region as "eu",
    baseUrl: options.apiUrl === undefined ? undefined : clientBaseUrl(options.apiUrl),
    throwOnError: true,
    // The limit is held by the window below, which counts requests as the server does.
    rateLimit: false,
    timeout,
    // ky (under the client) waits what a 429's `Retry-After` says, else 300 ms doubling. A 429 was not
    // processed, nor was a request whose connection was refused, so repeating either is safe; any other
    // error is the caller's to report. That includes a 5xx and a dropped connection, which ky would
    // otherwise retry too (for minutes, at 10 doubling retries): a write whose answer was lost or failed
    // at a gateway may have been made, and sending it again could make it twice. Reads follow the same
    // rule: one policy, and a failed read stops a run before its first write anyway.
    retry: RETRY,
  });
  // Every request the client sends, its own steps included (an asset upload is three), goes
  // through these two; a request's retries stay within its place (only a 429 is retried).
  const window = createRequestWindow(options.requestsPerSecond ?? MANAGEMENT_REQUESTS_PER_SECOND, {
    forgetAfterMs: (timeout + RETRY_WAIT_LIMIT_MS) * (MANAGEMENT_MAX_RETRIES + 1),
  });
  client.interceptors.request.use(async (request) => {
    await window.acquire();
    return request;
  });
  client.interceptors.response.use((response) => {
    window.release();
    return response;
  });
  return client;
}

/** Node's fetch failed to connect at all (`fetch failed`, caused by ECONNREFUSED): no byte of the request was sent. */
export function connectionRefused(error: unknown): boolean {
  // ky wraps a thrown value that is not an Error of its own realm (fetch's TypeError under a vm context) in a NonError.
  const thrown = error instanceof Error && error.name === "NonError" && "value" in error ? error.value : error;
  const cause = (thrown as { cause?: { code?: unknown } } | undefined)?.cause;
  return cause?.code === "ECONNREFUSED";
}

/**
 * ky's HTTPError: the server answered (a status to judge), unlike a network failure or a timeout. By its
 * name: ky hands `shouldRetry` only its own errors (HTTPError, TimeoutError) and fetch's, each an Error.
 */
function isHttpError(error: unknown): boolean {
  return error instanceof Error && error.name === "HTTPError";
}
