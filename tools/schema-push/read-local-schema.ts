/**
 * schema/ as `schema push` sends it: the components as written (every layout
 * `generate` reads: one components.json, a CLI v4 array, a file per
 * component), the groups they name, and datasources.json and languages.json
 * when there are.
 * Read by the same functions `generate` and `check` use, so push never sees
 * another schema than the one the site's types come from.
 */
import {
  BadInput,
  readSchemaDocuments,
  readSideFile,
  readLanguagesFile,
  formatDiagnostic,
  readRawSchema,
  type Diagnostic,
} from "storyblok-typed-codegen";
import { isObject, type RawObject } from "./comparable";
import type { LocalDatasource, LocalGroup, LocalSchema, SpaceLanguages } from "./schema-model";

/** Throws BadInput (the CLI's exit 2) naming the file and what is wrong with it. */
export function readLocalSchema(schemaDir: string): LocalSchema {
  const errors: Diagnostic[] = [];
  const raw = readRawSchema(readSchemaDocuments(schemaDir), (diagnostic) => {
    if (diagnostic.severity === "error") errors.push(diagnostic);
  });
  if (errors.length > 0) throw new BadInput(`${schemaDir}: ${errors.map(formatDiagnostic).join("; ")}`);
  const datasources = readSideFile(undefined, schemaDir, "datasources");
  const languages = readSideFile(undefined, schemaDir, "languages");
  // A side file's path is set exactly when the file exists (its JSON is never undefined), so it alone says whether there is one.
  return {
    ...(languages.path === undefined ? {} : { languages: readLanguages(languages.value, languages.path) }),
    components: checkedComponents(raw.components, schemaDir),
    groups: checkedGroups(raw.groups, schemaDir),
    datasources: datasources.path === undefined ? undefined : readDatasources(datasources.value, datasources.path),
  };
}

/** Components are matched by name in the space, so a name must be there and be one component's. */
function checkedComponents(components: RawObject[], schemaDir: string): RawObject[] {
  const seen = new Set<string>();
  for (const [index, component] of components.entries()) {
    const name = component.name;
    if (typeof name !== "string" || name === "") throw new BadInput(`${schemaDir}: component #${index + 1} has no name`);
    if (seen.has(name)) throw new BadInput(`${schemaDir}: component "${name}" is defined twice; the space can hold only one`);
    seen.add(name);
    if (component.schema !== undefined && !isObject(component.schema))
      throw new BadInput(`${schemaDir}: component "${name}": schema is not an object of fields`);
  }
  return components;
}

/** Groups are matched by name too (their uuids are each space's own). */
function checkedGroups(groups: { uuid: string; name?: string; parentUuid?: string }[], schemaDir: string): LocalGroup[] {
  const names = new Set<string>();
  return groups.map((group) => {
    if (group.name === undefined)
      throw new BadInput(`${schemaDir}: component group ${group.uuid} has no name, and groups are matched by name`);
    if (names.has(group.name))
      throw new BadInput(`${schemaDir}: two component groups are named "${group.name}"; groups are matched by name`);
    names.add(group.name);
    return { uuid: group.uuid, name: group.name, ...(group.parentUuid === undefined ? {} : { parentUuid: group.parentUuid }) };
  });
}

/** `{datasources: [{slug, name, entries: [{name, value}]}]}` as `schema pull` writes it, or the bare array. */
function readDatasources(raw: unknown, path: string): LocalDatasource[] {
  const list = isObject(raw) ? raw.datasources : raw;
  if (!Array.isArray(list)) throw new BadInput(`${path}: expected {"datasources": [...]}`);
  const slugs = new Set<string>();
  return list.map((item, index) => {
    const slug = isObject(item) ? item.slug : undefined;
    if (typeof slug !== "string" || slug === "") throw new BadInput(`${path}: datasource #${index + 1} has no slug`);
    if (slugs.has(slug)) throw new BadInput(`${path}: datasource "${slug}" is listed twice`);
    slugs.add(slug);
    const datasource = item as RawObject;
    const entries = datasource.entries ?? [];
    if (!Array.isArray(entries)) throw new BadInput(`${path}: datasource "${slug}": entries is not a list`);
    const values = new Set<string>();
    return {
      slug,
      name: typeof datasource.name === "string" && datasource.name !== "" ? datasource.name : slug,
      entries: entries.map((entry, position) => {
        const { name, value } = isObject(entry) ? entry : {};
        if (typeof name !== "string" || typeof value !== "string")
          throw new BadInput(`${path}: datasource "${slug}" entry #${position + 1} needs a string name and value`);
        // Content stores an entry's value, so the value is what identifies it.
        if (values.has(value)) throw new BadInput(`${path}: datasource "${slug}" has two entries with the value "${value}"`);
        values.add(value);
        return { name, value };
      }),
    };
  });
}

/** languages.json as `schema pull` (and Storyblok's `languages pull`) writes it, checked as the generator checks it. */
function readLanguages(raw: unknown, path: string): SpaceLanguages {
  const read = readLanguagesFile(raw);
  if ("problem" in read) throw new BadInput(`${path}: ${read.problem}`);
  return read.languages;
}
