/**
 * One server for both local APIs, as `portfolio content serve` runs them:
 * the Management API's paths (`/v1/`) go to it, everything else to the
 * CDN (`/v2/`). Both work on the same content folder, so what is pushed
 * through /v1/ is what /v2/ then serves.
 */
import type { LocalCdnHandler } from "../../src/content/sources/local-cdn/create-local-cdn";
import { isManagementPath, type LocalManagementApi } from "./create-local-management-api";

export function combineLocalApis(cdn: LocalCdnHandler, management: LocalManagementApi): (request: Request) => Promise<Response> {
  return (request) => (isManagementPath(new URL(request.url).pathname) ? management(request) : cdn(request));
}
