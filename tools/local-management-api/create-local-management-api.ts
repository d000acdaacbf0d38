/**
 * The local Management API: a Fetch-standard handler that answers
 * Storyblok's Management API v1 (`/v1/spaces/:space_id/...`) from the same
 * content folder the local CDN serves, so what is pushed through it is what
 * the site then reads. `portfolio content serve` mounts it beside the CDN's
 * `/v2/`; tests mount it on port 0.
 *
 * Every /v1 request is checked in this order, as Storyblok does: the token
 * (401), the rate limit (429), the space (404), the route and its body.
 * Three more paths stand in for what is outside the Management API at
 * Storyblok: `/uploads`, where signed asset forms are POSTed (S3), and
 * `/f/...` and `/assets/...`, where uploaded and embedded files are served
 * (the asset CDN). They take no token, are not rate limited and are not in
 * the request log. `/v1/users/me` and `/v1/spaces` are outside any space.
 */
import { receiveUpload, serveAssetFile } from "./asset-files";
import { assetFolderRoutes } from "./asset-folders-endpoint";
import { assetRoutes, UPLOAD_PATH } from "./assets-endpoint";
import { componentGroupRoutes } from "./component-groups-endpoint";
import { componentRoutes } from "./components-endpoint";
import { datasourceEntryRoutes } from "./datasource-entries-endpoint";
import { datasourceRoutes } from "./datasources-endpoint";
import { EMBEDDED_ASSET_PATH } from "./infer-assets";
import { internalTagRoutes } from "./internal-tags-endpoint";
import { presetRoutes } from "./presets-endpoint";
import { releaseRoutes } from "./releases-endpoint";
import { storyRoutes } from "./stories-endpoint";
import { createRateWindow } from "./rate-window";
import { readJsonBody } from "./request-body";
import type { AnsweredRequest, RequestLog } from "./request-log";
import { badRequest, methodNotAllowed, notFound, tooManyRequests, unauthorized } from "./responses";
import { matchRoute, type EndpointContext, type Route } from "./routes";
import { currentUser, listSpaces, spaceRoutes } from "./space-endpoint";
import { createSpaceStore, type SpaceStore } from "./space-store";
import { isAuthorized } from "./token-check";
import { createUploadSigner } from "./upload-signing";

export interface LocalManagementApiOptions {
  /** The content folder: `stories/`, `drafts/`, `space/`, `assets/` (see space-files.ts). */
  dir: string;
  /** The personal access (OAuth) token it accepts, raw or as `Bearer <token>`. */
  oauthToken: string;
  /** The one space it holds; any other space id is a 404. */
  spaceId: number;
  /** Requests admitted per rolling second before 429s; Storyblok's 3 by default. `Infinity` turns the limit off. */
  requestsPerSecond?: number;
  /** The clock (ms) for the rate limit, the request log and timestamps; Date.now by default. */
  now?: () => number;
  /** Called with each answered /v1 request, as it is logged. */
  onRequest?: (request: RequestLog[number]) => void;
  /**
   * A schema folder (`schema/`): while the space has no components of its own, it shows
   * the components, groups and presets of its components.json (schema-seed.ts).
   */
  schemaDir?: string;
}

export type LocalManagementApi = ((request: Request) => Promise<Response>) & {
  /** Every /v1 request answered so far, in arrival order. */
  readonly requests: RequestLog;
  /** The store behind it (tests read the space without going through the API). */
  readonly store: SpaceStore;
};

/** Storyblok's Management API allows 3 requests per second with a personal access token on the Starter plan. */
const DEFAULT_REQUESTS_PER_SECOND = 3;

const SPACE_PATH = /^\/v1\/spaces\/([^/]+)(\/.*)?$/;

const ROUTES: readonly Route[] = [
  ...spaceRoutes,
  ...componentRoutes,
  ...componentGroupRoutes,
  ...presetRoutes,
  ...datasourceRoutes,
  ...datasourceEntryRoutes,
  ...storyRoutes,
  ...assetRoutes,
  ...assetFolderRoutes,
  ...internalTagRoutes,
  ...releaseRoutes,
];

const ASSET_FILES = "/f/";

/** Whether `pathname` is the Management API's, its upload endpoint's or its asset files' (the rest of the server is the CDN's). */
export function isManagementPath(pathname: string): boolean {
  return (
    pathname.startsWith("/v1/") || pathname === UPLOAD_PATH || pathname.startsWith(ASSET_FILES) || pathname.startsWith(EMBEDDED_ASSET_PATH)
  );
}

/** Outside any space: the token's user, and the spaces it reaches. */
const USER_PATH = /^\/v1\/users\/me\/?$/;
const SPACES_PATH = /^\/v1\/spaces\/?$/;

export function createLocalManagementApi(options: LocalManagementApiOptions): LocalManagementApi {
  const clock = options.now ?? Date.now;
  const window = createRateWindow(options.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND, clock);
  const store = createSpaceStore(options.dir, { spaceId: options.spaceId, schemaDir: options.schemaDir });
  const signer = createUploadSigner(clock);
  const requests: RequestLog = [];

  /** `decision.admittedAt`: set when the rate window admits the request (the log's time of the limit). */
  async function answer(request: Request, url: URL, decision: { admittedAt?: number }): Promise<Response> {
    if (!isAuthorized(request.headers.get("authorization"), options.oauthToken)) return unauthorized();
    decision.admittedAt = window.admit();
    if (decision.admittedAt === undefined) return tooManyRequests();
    if (USER_PATH.test(url.pathname)) return request.method === "GET" ? currentUser() : methodNotAllowed();
    if (SPACES_PATH.test(url.pathname) && request.method === "GET") return listSpaces(context(url, {}, {}));
    const space = SPACE_PATH.exec(url.pathname);
    if (!space || space[1] !== String(options.spaceId)) return notFound();
    const match = matchRoute(ROUTES, request.method, space[2] ?? "/");
    if (!match) return notFound();
    if ("allowed" in match) return methodNotAllowed();
    const read = await readJsonBody(request);
    if ("problem" in read) return badRequest(read.problem);
    return match.route.endpoint(context(url, match.params, read.body));
  }

  function context(url: URL, params: Record<string, string>, body: Record<string, unknown>): EndpointContext {
    return {
      params,
      query: url.searchParams,
      body,
      store,
      spaceId: options.spaceId,
      now: () => new Date(clock()).toISOString(),
      origin: url.origin,
      dir: options.dir,
      signer,
    };
  }

  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === UPLOAD_PATH) return receiveUpload(request, store, signer, options.dir);
    if (
      (url.pathname.startsWith(ASSET_FILES) || url.pathname.startsWith(EMBEDDED_ASSET_PATH)) &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      return serveAssetFile(url.pathname, store, options.dir);
    }
    const at = clock();
    const decision: { admittedAt?: number } = {};
    const response = await answer(request, url, decision);
    const entry: AnsweredRequest = { method: request.method, path: url.pathname + url.search, at, status: response.status };
    if (decision.admittedAt !== undefined) entry.admittedAt = decision.admittedAt;
    requests.push(entry);
    options.onRequest?.(entry);
    return response;
  };
  return Object.assign(handler, { requests, store });
}
