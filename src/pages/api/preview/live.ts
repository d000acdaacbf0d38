import type { NextApiRequest, NextApiResponse } from "next";
import { readContentSource } from "../../../content/sources/content-source";
import { loadStoryAt, storyChanges } from "../../../preview/live-content";
import { STORY_EVENT } from "../../../preview/live-protocol";
import { API_ROUTE_METHODS } from "../../../http/allowed-methods";
import { allowsMethod } from "../../../http/refuse-method";

/** Development on the embedded content only; everywhere else this route does not exist. */
function isAvailable(): boolean {
  if (process.env.NODE_ENV !== "development") return false;
  try {
    return readContentSource().kind === "local";
  } catch {
    return false;
  }
}

/** Server-sent events: the story at `?slug=` each time it changes (see preview/live-content.ts). */
export default async function liveContent(req: NextApiRequest, res: NextApiResponse) {
  const slug = typeof req.query.slug === "string" ? req.query.slug : "";
  if (!isAvailable() || !/^[\w-]+(?:\/[\w-]+)*$/.test(slug)) {
    res.status(404).end();
    return;
  }
  if (!allowsMethod(req, res, API_ROUTE_METHODS["/api/preview/live"])) return;
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-store",
    // Compression would hold events back until a buffer fills.
    "Content-Encoding": "none",
    Connection: "keep-alive",
  });
  res.flushHeaders();
  const closed = new AbortController();
  req.on("close", () => closed.abort());
  for await (const json of storyChanges(() => loadStoryAt(slug), closed.signal)) {
    res.write(`event: ${STORY_EVENT}\ndata: ${json}\n\n`);
  }
  res.end();
}
