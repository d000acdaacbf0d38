/**
 * Storyblok marks every blok in draft content with an `_editable` HTML comment:
 *   <!--#storyblok#{"name":"hero_section","space":"1","uid":"abc","id":"42"}-->
 * The Visual Editor's bridge finds blocks by two attributes derived from it
 * (the same pair @storyblok/js's `storyblokEditable` returns), so every
 * renderer spreads the result of this function onto its root element.
 */
export interface EditableAttributes {
  "data-blok-c"?: string;
  "data-blok-uid"?: string;
}

const EDITABLE_COMMENT = /^<!--#storyblok#(.*)-->$/s;

export function editableAttributes(blok: { _editable?: string }): EditableAttributes {
  const match = blok._editable ? EDITABLE_COMMENT.exec(blok._editable) : null;
  const json = match?.[1];
  if (!json) return {};
  let options: unknown;
  try {
    options = JSON.parse(json);
  } catch {
    // Published content has no comment and a damaged one must not break the page.
    return {};
  }
  if (!isEditorOptions(options)) return {};
  return { "data-blok-c": JSON.stringify(options), "data-blok-uid": `${options.id}-${options.uid}` };
}

interface EditorOptions {
  id: string | number;
  uid: string;
}

function isEditorOptions(value: unknown): value is EditorOptions {
  if (typeof value !== "object" || value === null) return false;
  const id: unknown = Reflect.get(value, "id");
  const uid: unknown = Reflect.get(value, "uid");
  return (typeof id === "string" || typeof id === "number") && typeof uid === "string";
}
