/**
 * Relations an `input` event brings as bare uuids that the page never showed
 * (the editor added one): loaded as drafts from /api/preview/relations, which
 * answers in draft mode only, with the release and language of the preview,
 * and only to the page of the story the editor opened (`_storyblok`).
 */
import { MAX_RELATION_UUIDS } from "./relation-uuids";

export const RELATIONS_ROUTE = "/api/preview/relations";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** The stories for `uuids` by uuid; none when the request fails (they stay unresolved). */
export async function fetchRelations(uuids: readonly string[], storyId: number | undefined): Promise<Map<string, Obj>> {
  const found = new Map<string, Obj>();
  for (let start = 0; start < uuids.length; start += MAX_RELATION_UUIDS) {
    const batch = uuids.slice(start, start + MAX_RELATION_UUIDS);
    try {
      const query = `uuids=${batch.map(encodeURIComponent).join(",")}&_storyblok=${String(storyId)}`;
      const response = await fetch(`${RELATIONS_ROUTE}?${query}`, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      const body: unknown = await response.json();
      const stories = isObj(body) ? body.stories : undefined;
      for (const story of Array.isArray(stories) ? stories : []) {
        // A story object by its own uuid; the page's checks decide whether it is shown (story-contract.ts).
        if (isObj(story) && typeof story.uuid === "string") found.set(story.uuid, story);
      }
    } catch (error) {
      console.error(`preview: related stories not loaded: ${String(error)}`);
    }
  }
  return found;
}
