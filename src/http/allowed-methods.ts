/**
 * The methods each route answers, declared once. Everything else is
 * `405 Method Not Allowed` with an `Allow` header naming these, on every
 * path and in every language: the proxy (src/proxy.ts) reads this table for
 * the paths it sees, the page gate's door (publishing/page-gate/gate-door.ts)
 * for project pages, each API route and each page rendered per request for
 * its own requests (refuse-method.ts), and the server's door
 * (method-door.ts) for the methods Next.js cannot hand to any of them.
 *
 * No route documents OPTIONS (the site answers no cross-origin request), so
 * none allows it. HEAD is allowed where GET is, as HTTP asks of every
 * resource, except where a GET does work a HEAD must not start (the
 * scheduled drain sends mail).
 */
import { CONTACT_PAGE_PATH } from "../contact/rules/contact-fields";
import { splitLocalePath } from "../i18n/locale-paths";

export type RouteMethods = readonly string[];

/** Pages (static or rendered per request), the sitemap, robots.txt, files in public/ and the build's own, and unknown paths. */
export const PAGE_METHODS: RouteMethods = ["GET", "HEAD"];

/** The contact page: the form posts to it when the browser runs no JavaScript (src/pages/contact.tsx). */
export const CONTACT_PAGE_METHODS: RouteMethods = ["GET", "HEAD", "POST"];

/** Each API route (src/pages/api) by its path, with the method it exists for. */
export const API_ROUTE_METHODS = {
  "/api/build-info": ["GET", "HEAD"],
  "/api/contact": ["POST"],
  // A platform's scheduler sends GET (Vercel Cron), other schedulers POST; a HEAD would drain the queue too.
  "/api/contact/deliver": ["GET", "POST"],
  // The Visual Editor's frame navigates to it.
  "/api/preview": ["GET", "HEAD"],
  // A link on the editor's page.
  "/api/preview/exit": ["GET", "HEAD"],
  // The editor's page fetches draft relations.
  "/api/preview/relations": ["GET", "HEAD"],
  // Server-sent events in `next dev`.
  "/api/preview/live": ["GET"],
  // Storyblok's webhook.
  "/api/revalidate": ["POST"],
} as const satisfies Record<`/api/${string}`, RouteMethods>;

type ApiRoute = keyof typeof API_ROUTE_METHODS;

/**
 * The methods the route at `pathname` answers (a request's path, with or
 * without a locale prefix and query): an API route's own, the contact
 * page's, and a page's for every other path, known or not.
 */
export function allowedMethodsAt(pathname: string): RouteMethods {
  const path = pathname.split(/[?#]/, 1)[0]?.replace(/(.)\/+$/, "$1") ?? "/";
  if (path in API_ROUTE_METHODS) return API_ROUTE_METHODS[path as ApiRoute];
  if (splitLocalePath(path).path === CONTACT_PAGE_PATH) return CONTACT_PAGE_METHODS;
  return PAGE_METHODS;
}

/** Whether `method` (as a request names it; methods are case-sensitive) is one of `allowed`. */
export function isAllowedMethod(method: string | undefined, allowed: RouteMethods): boolean {
  return method !== undefined && allowed.includes(method);
}

/** The `Allow` header's value for `allowed`. */
export function allowHeader(allowed: RouteMethods): string {
  return allowed.join(", ");
}
