/**
 * Which request paths the page gate (page-gate.ts) answers for, and the page
 * each one addresses: the routes whose pages are made on request (a project
 * published after the build: `fallback: "blocking"`), the same pages' JSON
 * under `/_next/data/…` (Next.js hands the proxy the page's own path for
 * those), and the editor's route as a visitor reaches it (`/editor/…`, a
 * page rendered on every request). Every other path is Next.js's own
 * business: a static page, an API route, a file, or a 404 that costs nothing.
 *
 * The routes come from the route table (src/routes/site-routes.ts). The
 * server's door (gate-door.ts) judges ordinary visits to the pages made on
 * request, the proxy (src/proxy.ts) the editor's route and framed or
 * draft-mode requests; tests/unit/publishing/page-gate-routes.test.ts fails
 * when a page with a fallback is added and not gated.
 */
import { EDITOR_ROUTE, ON_REQUEST_PREFIXES } from "../../routes/site-routes";

/**
 * The page `pathname` (as the request named it, percent-encoded) addresses
 * when it is one the gate answers for, decoded as stories' slugs are;
 * undefined for every other path, and for an address with a malformed
 * escape, which Next.js answers 400 itself.
 */
export function gatedPagePath(pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path === EDITOR_ROUTE) return "/";
  // Whatever the editor's route is asked for names the page after it (`/editor/projects/x` shows `/projects/x`); one it does not show is a page no one has.
  if (path.startsWith(`${EDITOR_ROUTE}/`)) return path.slice(EDITOR_ROUTE.length);
  // The routes made on request (`/projects/…`).
  return ON_REQUEST_PREFIXES.some((prefix) => path.startsWith(prefix)) ? path : undefined;
}
