import { ownPath } from "../security/safe-redirect";

/**
 * The address without its trailing slashes (`/projects/x/` → `/projects/x`),
 * or undefined when it has none (the root `/` keeps its one slash). The
 * result goes through ownPath, like every redirect target built from a
 * request: `/\evil.example/` must not become a protocol-relative address.
 */
export function withoutTrailingSlash(url: URL): URL | undefined {
  if (url.pathname.length <= 1 || !url.pathname.endsWith("/")) return undefined;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  return new URL(ownPath(`${path}${url.search}`), url);
}
