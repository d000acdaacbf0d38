import type { NextApiRequest, NextApiResponse } from "next";
import { siteQueries } from "../../../content/access/site-content";
import { runAtPriority } from "../../../content/access/rate-limit/request-priority";
import { isEditorFetch } from "../../../preview/editor-fetch";
import { asPreviewData, draftQueryOptions } from "../../../preview/preview-data";
import { parseRelationUuids } from "../../../preview/relation-uuids";
import { API_ROUTE_METHODS } from "../../../http/allowed-methods";
import { allowsMethod } from "../../../http/refuse-method";

/**
 * Draft stories by uuid, for relations an `input` event brings unresolved
 * (one the page never showed). Only in draft mode, in the editor's release
 * and language, and only to the editor's page (preview/editor-fetch.ts):
 * the answer is drafts, so nobody else may ask.
 */
export default async function previewRelations(req: NextApiRequest, res: NextApiResponse) {
  res.setHeader("Cache-Control", "private, no-store");
  if (!allowsMethod(req, res, API_ROUTE_METHODS["/api/preview/relations"], { error: "Use GET." })) return;
  const data = req.preview ? asPreviewData(req.previewData) : undefined;
  const query = new URLSearchParams(req.url?.split("?")[1] ?? "");
  if (!data || !isEditorFetch(req.headers, query, data)) {
    res.status(403).json({ error: "preview only" });
    return;
  }
  const uuids = parseRelationUuids(req.query.uuids);
  if (!uuids) {
    res.status(400).json({ error: "uuids: up to 50 comma-separated story uuids" });
    return;
  }
  try {
    // The editor's live preview goes first, with publishing (src/content/access/rate-limit/request-priority.ts).
    res
      .status(200)
      .json({ stories: await runAtPriority("publish", () => siteQueries().getStoriesByUuids(uuids, draftQueryOptions(data))) });
  } catch (error) {
    console.error(`preview: relations not loaded: ${String(error)}`);
    res.status(502).json({ error: "the content API did not answer" });
  }
}
