/**
 * An `input` event carries the story as the editor holds it. The editor
 * resolves the relations the bridge asked for (resolveRelations), but a
 * relation can still arrive as a bare uuid (an older editor, a story it
 * could not resolve). Those the page already showed resolved are put back
 * from the current story; the others are fetched as drafts (relation-fetch.ts)
 * and put in, so the live page matches what the server renders. Any left
 * stay uuids, which renderers treat as unresolved, as on the server.
 */
import { RESOLVE_RELATIONS } from "../generated";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** `component` → its relation fields, from the schema's relations. */
const RELATION_FIELDS: ReadonlyMap<string, readonly string[]> = RESOLVE_RELATIONS.reduce((fields, relation) => {
  const [component = "", field = ""] = relation.split(".");
  return fields.set(component, [...(fields.get(component) ?? []), field]);
}, new Map<string, string[]>());

/**
 * Visits every blok under `value` (bloks arrays, nested bloks, rich-text
 * embeds alike) and maps its relation fields with `each`. Iterative, so a
 * deeply nested story cannot overflow the stack.
 */
function mapRelations(value: unknown, each: (relation: unknown) => unknown): unknown {
  const root: { value: unknown } = { value };
  const stack: [Obj | unknown[], string | number][] = [[root, "value"]];
  while (stack.length > 0) {
    const [parent, key] = stack.pop()!;
    const node: unknown = (parent as Record<string | number, unknown>)[key];
    if (Array.isArray(node)) {
      const copy = [...node];
      (parent as Record<string | number, unknown>)[key] = copy;
      copy.forEach((_, index) => stack.push([copy, index]));
    } else if (isObj(node)) {
      const copy: Obj = { ...node };
      (parent as Record<string | number, unknown>)[key] = copy;
      const fields = typeof node.component === "string" ? RELATION_FIELDS.get(node.component) : undefined;
      for (const field of Object.keys(copy)) {
        if (fields?.includes(field)) {
          const relation = copy[field];
          copy[field] = Array.isArray(relation) ? relation.map(each) : each(relation);
        } else {
          stack.push([copy, field]);
        }
      }
    }
  }
  return root.value;
}

/** Every resolved related story in `value`, by uuid. */
export function relatedStories(value: unknown): Map<string, Obj> {
  const found = new Map<string, Obj>();
  mapRelations(value, (relation) => {
    if (isObj(relation) && typeof relation.uuid === "string") found.set(relation.uuid, relation);
    return relation;
  });
  return found;
}

/** `story` with relation uuids replaced by the stories `known` holds for them. */
export function withKnownRelations(story: unknown, known: ReadonlyMap<string, Obj>): unknown {
  if (!isObj(story)) return story;
  return { ...story, content: mapRelations(story.content, (relation) => (typeof relation === "string" ? (known.get(relation) ?? relation) : relation)) };
}

/** The relation uuids in `story` that are still bare uuids. */
export function unresolvedRelations(story: unknown): string[] {
  const missing = new Set<string>();
  if (isObj(story)) {
    mapRelations(story.content, (relation) => {
      if (typeof relation === "string") missing.add(relation);
      return relation;
    });
  }
  return [...missing];
}
