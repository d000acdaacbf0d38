/**
 * The route table's parts: a route is a method and a path under
 * `/v1/spaces/:space_id`, with `:name` segments handed to its endpoint.
 */
import type { SpaceStore } from "./space-store";
import type { UploadSigner } from "./upload-signing";

export interface EndpointContext {
  /** The `:name` segments of the route's path. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body; `{}` when there is none. */
  body: Record<string, unknown>;
  store: SpaceStore;
  spaceId: number;
  /** Now, as Storyblok writes times (ISO 8601, UTC). */
  now: () => string;
  /** Where this server is reached (asset URLs and the upload form point here). */
  origin: string;
  /** The content folder (asset files are deleted from it). */
  dir: string;
  /** Signs asset upload forms. */
  signer: UploadSigner;
}

export type Endpoint = (ctx: EndpointContext) => Promise<Response>;

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** e.g. `/components/:id`, relative to `/v1/spaces/:space_id`. */
  path: string;
  endpoint: Endpoint;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** The route for `method` and `path`; `allowed` lists the methods the path has when only the method is wrong. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch | { allowed: string[] } | undefined {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { allowed } : undefined;
}

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/").filter(Boolean);
  // Storyblok's URLs work with and without a trailing slash (its docs use both).
  const got = path.split("/").filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment.startsWith(":")) params[segment.slice(1)] = decodeURIComponent(got[i]!);
    else if (segment !== got[i]) return undefined;
  }
  return params;
}
