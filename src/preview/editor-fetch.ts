/**
 * The check /api/preview/relations makes before it answers with drafts, the
 * counterpart of isEditorRequest for the pages (preview-entry.ts). A page is
 * the editor's when it is framed and its address names the story; a fetch
 * from that page cannot be framed, so it is the editor's when the browser
 * says it comes from our own origin's script (Sec-Fetch-Site: same-origin,
 * a cors or same-origin fetch, not a navigation) and it names the story the
 * draft session was entered for. A draft-mode cookie copied into another
 * tool or page alone gets nothing.
 */
import type { PreviewData } from "./preview-data";

type HeaderValue = string | string[] | undefined;

const FETCH_MODES = new Set(["cors", "same-origin"]);

export function isEditorFetch(headers: Readonly<Record<string, HeaderValue>>, query: URLSearchParams, data: PreviewData): boolean {
  if (headers["sec-fetch-site"] !== "same-origin") return false;
  const mode = headers["sec-fetch-mode"];
  if (typeof mode !== "string" || !FETCH_MODES.has(mode)) return false;
  const named = query.getAll("_storyblok");
  return named.length === 1 && named[0] === String(data.storyId);
}
