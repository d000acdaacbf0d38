import type { IncomingMessage, ServerResponse } from "node:http";
import { allowedMethodsAt, allowHeader, isAllowedMethod } from "./allowed-methods";

/**
 * For an address with no page (a 404): 405 with `Allow` when the request's
 * method is one no route there would answer (`POST /no-such-page`, in any
 * language), so every path answers methods alike, known or not; undefined
 * when the 404 stands.
 */
export function methodNotAllowedAt(req: Pick<IncomingMessage, "method" | "url"> | undefined, res: ServerResponse): 405 | undefined {
  const allowed = allowedMethodsAt(req?.url ?? "/");
  if (isAllowedMethod(req?.method ?? "GET", allowed)) return undefined;
  res.setHeader("Allow", allowHeader(allowed));
  return 405;
}
