import type { ServerResponse } from "node:http";
import { isbot } from "isbot";
import { reasonPhrase } from "./error-status";

/**
 * Bots and crawlers get the status and no error view: a one-line text body
 * instead of the ~18 KB page (the specification's "no error page" for
 * crawlers). Detection is isbot's maintained pattern list, which is tested
 * against real browser strings so a person is never sent this.
 *
 * Returns true when the response was sent.
 */
export function endForBot(userAgent: string | undefined, status: number, res: ServerResponse): boolean {
  if (!userAgent || !isbot(userAgent)) return false;
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(`${status} ${reasonPhrase(status)}\n`);
  return true;
}
