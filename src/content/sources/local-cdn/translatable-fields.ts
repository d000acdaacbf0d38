/**
 * Which fields of which component the CDN translates. Storyblok serves a field's
 * `__i18n__<lang>` value only while the field is `translatable` in the space's
 * component schema: "Fields that are not enabled for translation are included but use
 * the default language in every story" (Storyblok, "How to setup field and folder
 * level translation"). A field turned non-translatable keeps its stored translations,
 * which the CDN no longer serves.
 *
 * The space's components are the ones the local Management API shows: its own
 * (`space/components.json`, once anything was written to them) or, until then, the
 * schema folder's (`schema/components.json` for the embedded content). Read once per
 * change of those files (the store's snapshot), never per request. Without either,
 * the schema is unknown and every stored translation is served.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { StoryFileProblem } from "./story-types";

/** Component name → its translatable fields. A component it does not list has none. */
export type TranslatableFields = ReadonlyMap<string, ReadonlySet<string>>;

/** The space's own components, written by the local Management API (its space-files.ts). */
const SPACE_COMPONENTS_FILE = "space/components.json";

/** The component files the store watches: the space's own, then the schema folder's. */
export function componentFiles(contentDir: string, schemaDir: string | undefined): string[] {
  return [join(contentDir, SPACE_COMPONENTS_FILE), ...(schemaDir === undefined ? [] : [join(schemaDir, "components.json")])];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `{ components: [...] }` (the Management API's list, as `schema pull` saves it) or a bare list (Storyblok's CLI v3). */
function componentList(parsed: unknown): unknown[] | undefined {
  if (Array.isArray(parsed)) return parsed as unknown[];
  if (isObject(parsed) && Array.isArray(parsed.components)) return parsed.components as unknown[];
  return undefined;
}

export function translatableFieldsOf(components: readonly unknown[]): TranslatableFields {
  const fields = new Map<string, ReadonlySet<string>>();
  for (const component of components) {
    if (!isObject(component) || typeof component.name !== "string" || !isObject(component.schema)) continue;
    const translatable = Object.entries(component.schema)
      .filter(([, field]) => isObject(field) && field.translatable === true)
      .map(([key]) => key);
    fields.set(component.name, new Set(translatable));
  }
  return fields;
}

/**
 * The translatable fields of the first component file that exists, or undefined when
 * none does. A file that is not a component list is a problem (named in `problems`)
 * and, like a missing schema, leaves every translation served.
 */
export async function readTranslatableFields(
  files: readonly string[],
  problems: StoryFileProblem[],
): Promise<TranslatableFields | undefined> {
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    let components: unknown[] | undefined;
    try {
      components = componentList(JSON.parse(text));
    } catch {
      components = undefined;
    }
    if (components === undefined) {
      problems.push({ file, problem: "not a list of components (translations are served for every field until it is)" });
      return undefined;
    }
    return translatableFieldsOf(components);
  }
  return undefined;
}
