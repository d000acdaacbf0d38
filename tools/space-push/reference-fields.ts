/**
 * Which content fields hold story uuids as plain strings: option and
 * options fields whose source is `internal_stories`, and whatever
 * schema/relations.json resolves. Asset fields, links and rich text say
 * what they are in the content itself (`fieldtype`, `linktype`, node
 * types); these fields do not, so the schema names them.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** component name → the fields of it that hold story uuids. */
export type StoryReferenceFields = ReadonlyMap<string, ReadonlySet<string>>;

interface RawField {
  type?: unknown;
  source?: unknown;
}

/** From the parsed components.json (`{ components: [...] }` or a bare array) and relations.json's `resolve_relations`. */
export function storyReferenceFields(componentsDocument: unknown, resolveRelations: readonly string[]): StoryReferenceFields {
  const fields = new Map<string, Set<string>>();
  const add = (component: string, field: string) => fields.set(component, (fields.get(component) ?? new Set()).add(field));
  const list = Array.isArray(componentsDocument) ? componentsDocument : (componentsDocument as { components?: unknown })?.components;
  for (const component of Array.isArray(list) ? list : []) {
    const { name, schema } = (component ?? {}) as { name?: unknown; schema?: Record<string, RawField> };
    if (typeof name !== "string" || typeof schema !== "object" || schema === null) continue;
    for (const [field, definition] of Object.entries(schema)) {
      if ((definition?.type === "option" || definition?.type === "options") && definition.source === "internal_stories") add(name, field);
    }
  }
  for (const relation of resolveRelations) {
    const [component, field] = relation.split(".");
    if (component && field) add(component, field);
  }
  return fields;
}

/** Reads `components.json` and, beside it, `relations.json` when there is one. */
export async function readStoryReferenceFields(componentsPath: string): Promise<StoryReferenceFields> {
  const components: unknown = JSON.parse(await readFile(componentsPath, "utf8"));
  let relations: string[] = [];
  try {
    const parsed = JSON.parse(await readFile(join(dirname(componentsPath), "relations.json"), "utf8")) as { resolve_relations?: unknown };
    if (Array.isArray(parsed.resolve_relations))
      relations = parsed.resolve_relations.filter((entry): entry is string => typeof entry === "string");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return storyReferenceFields(components, relations);
}
