/**
 * Draft content carries an `_editable` comment on every blok so the Visual
 * Editor can map DOM nodes back to bloks. The format is Storyblok's to the
 * byte (as recorded in the ruby client's cassettes): an HTML comment around
 * JSON written with ", " and ": " separators.
 */
import type { CdnStory, Json, JsonObject } from "./story-types";

function editableComment(component: string, uid: string, storyId: number, spaceId: string): string {
  const fields = [
    ["name", component],
    ["space", spaceId],
    ["uid", uid],
    ["id", String(storyId)],
  ] as const;
  return `<!--#storyblok#{${fields.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ")}}-->`;
}

/** A copy of the story whose every blok (rich-text embeds included) has `_editable`. */
export function withEditable(story: CdnStory, spaceId: string): CdnStory {
  const annotate = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(annotate);
    if (typeof node !== "object" || node === null) return node;
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) copy[key] = annotate(value);
    // Table rows and cells look like bloks (`_table_row`…) but are not editable on their own.
    if (typeof node.component === "string" && typeof node._uid === "string" && !node.component.startsWith("_table")) {
      copy._editable = editableComment(node.component, node._uid, story.id, spaceId);
    }
    return copy;
  };
  return { ...story, content: annotate(story.content) as CdnStory["content"] };
}
