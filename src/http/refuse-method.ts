import type { IncomingMessage, ServerResponse } from "node:http";
import { allowHeader, isAllowedMethod, type RouteMethods } from "./allowed-methods";

/**
 * For a route that answers its own requests (an API route, a page rendered
 * per request): true when the request's method is one `allowed` names;
 * otherwise the response is a 405 with `Allow` (and `body`, JSON, when the
 * route answers in JSON; plain text otherwise) and false. next.config's
 * headers() have already put the security headers on the response.
 */
export function allowsMethod(req: Pick<IncomingMessage, "method">, res: ServerResponse, allowed: RouteMethods, body?: object): boolean {
  if (isAllowedMethod(req.method, allowed)) return true;
  res.statusCode = 405;
  res.setHeader("Allow", allowHeader(allowed));
  res.setHeader("Content-Type", body === undefined ? "text/plain; charset=utf-8" : "application/json; charset=utf-8");
  res.end(body === undefined ? "Method Not Allowed" : JSON.stringify(body));
  return false;
}

/**
 * What a page's getServerSideProps returns once allowsMethod has answered:
 * Next.js renders nothing for a response already sent (as /sitemap.xml's
 * own answer relies on).
 */
export const ALREADY_ANSWERED: { props: never } = { props: {} as never };
