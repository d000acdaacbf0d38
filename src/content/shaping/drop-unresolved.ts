/**
 * The dropping mode of the generated `ResolvedStory`: a relation the query
 * named holds stories only. Storyblok (and storyblok-js-client) leave a
 * relation it could not resolve as its uuid: a story unpublished, deleted,
 * or over the relation limit (`rel_uuids`). A uuid means nothing to a
 * reader, so it goes: from a list, or, for a single relation, the field
 * itself. At any depth, the related stories' own relations included, as
 * the type promises.
 */
import { relationAt, type RelationFields } from "../access/relation-fields";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Drops, in place, every value of a named relation field that is not a story
 * object, in `content` (a copy the caller owns). Iterative, like every walk
 * over content (content-tree.ts).
 */
export function dropUnresolvedRelations(content: unknown, relations: RelationFields): void {
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      // One at a time: a spread of a huge array overflows the call stack.
      for (const item of value) stack.push(item);
      continue;
    }
    if (!isObj(value)) continue;
    for (const [key, field] of Object.entries(value)) {
      if (relationAt(relations, value, key) === undefined) {
        stack.push(field);
      } else if (Array.isArray(field)) {
        const stories = field.filter(isObj);
        value[key] = stories;
        for (const story of stories) stack.push(story);
      } else if (isObj(field)) {
        stack.push(field);
      } else {
        delete value[key];
      }
    }
  }
}
