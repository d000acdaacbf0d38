/**
 * An `input` event carries the story as the editor holds it. The editor
 * resolves the relations the bridge asked for (resolveRelations), but a
 * relation can still arrive as a bare uuid (an older editor, a story it
 * could not resolve). Those the page already showed resolved are put back
 * from the current story; the others are fetched as drafts (relation-fetch.ts)
 * and put in, so the live page matches what the server renders. Any left
 * are dropped by the page's checks, as on the server (story-contract.ts).
 */
import { relationAt, relationFieldsOf } from "../content/access/relation-fields";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Visits every blok under `value` (bloks arrays, nested bloks, rich-text
 * embeds alike) and maps the fields `relations` names with `each`.
 * Iterative, so a deeply nested story cannot overflow the stack.
 */
function mapRelations(value: unknown, relations: readonly string[], each: (relation: unknown) => unknown): unknown {
  const fields = relationFieldsOf(relations);
  const root: { value: unknown } = { value };
  const stack: [Obj | unknown[], string | number][] = [[root, "value"]];
  while (stack.length > 0) {
    const [parent, key] = stack.pop()!;
    const node: unknown = (parent as Record<string | number, unknown>)[key];
    if (Array.isArray(node)) {
      const copy: unknown[] = [...(node as unknown[])];
      (parent as Record<string | number, unknown>)[key] = copy;
      copy.forEach((_, index) => stack.push([copy, index]));
    } else if (isObj(node)) {
      const copy: Obj = { ...node };
      (parent as Record<string | number, unknown>)[key] = copy;
      for (const field of Object.keys(copy)) {
        if (relationAt(fields, node, field) !== undefined) {
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

/** Every resolved related story in `value` (in the fields `relations` names), by uuid. */
export function relatedStories(value: unknown, relations: readonly string[]): Map<string, Obj> {
  const found = new Map<string, Obj>();
  mapRelations(value, relations, (relation) => {
    if (isObj(relation) && typeof relation.uuid === "string") found.set(relation.uuid, relation);
    return relation;
  });
  return found;
}

/** `story` with relation uuids replaced by the stories `known` holds for them; anything else (a story, a uuid not known) stays. */
export function withKnownRelations(story: unknown, known: ReadonlyMap<unknown, Obj>, relations: readonly string[]): unknown {
  if (!isObj(story)) return story;
  return { ...story, content: mapRelations(story.content, relations, (relation) => known.get(relation) ?? relation) };
}

/** The relation uuids in `story` that are still bare uuids. */
export function unresolvedRelations(story: unknown, relations: readonly string[]): string[] {
  const missing = new Set<string>();
  if (isObj(story)) {
    mapRelations(story.content, relations, (relation) => {
      // A uuid to ask for: the story fields' values as stored are strings.
      if (typeof relation === "string") missing.add(relation);
      return relation;
    });
  }
  return [...missing];
}
