import {
  LINK_RESOLUTIONS,
  type ComponentModel,
  type DeclaredLinkResolution,
  type Diagnostic,
  type GroupModel,
  type SchemaModel,
} from "../model.js";
import { compareNames, sortedBy } from "../sort.js";
import { isObject, readStringList, readText, type RawObject } from "./coerce.js";
import { normaliseComponent } from "./component.js";
import { oneOf } from "./duplicates.js";
import { normaliseLanguages } from "./languages.js";

export interface RawSchemaInput {
  /**
   * Parsed JSON documents that together make the schema. Accepted layouts:
   * Storyblok's single file `{components, component_groups?}`, the CLI v4
   * array of components (or of groups), and one object per component.
   */
  documents: unknown[];
  /** Parsed `relations.json`: `{resolve_relations: [...], resolve_links?: "url"}` or a plain array. */
  relations?: unknown;
  /** What the project's requests send as `resolve_links` (`story`, `url`, `link`); wins over relations.json's `resolve_links`. */
  resolveLinks?: unknown;
  /** Nestable blocks a parent renders itself, so the registry demands no renderer for them. */
  inline?: readonly string[];
  /** Parsed datasources: `[{slug, entries: [{value}]}]` or `{datasources: [...]}`. */
  datasources?: unknown;
  /** Parsed languages file: `{default_lang_name, languages: [{code, name}]}`; none means the default language only. */
  languages?: unknown;
  /** The default language's locale code (Storyblok gives it none): `en` unless set. */
  defaultLocale?: string;
}

export function normaliseSchema(input: RawSchemaInput, report: (diagnostic: Diagnostic) => void): SchemaModel {
  const { components: rawComponents, groups } = readRawSchema(input.documents, report);

  const byName = new Map<string, ComponentModel[]>();
  rawComponents.forEach((raw, index) => {
    const component = normaliseComponent(raw, index, report);
    if (component === undefined) return;
    const copies = byName.get(component.name);
    if (copies === undefined) byName.set(component.name, [component]);
    else copies.push(component);
  });
  // Sorted once here, components by name and fields by key: the model has one
  // order whatever the file's, and the emitters' own sorts then cost one pass.
  const components = sortedBy(
    [...byName.values()].map((copies) => oneOf(copies, report)),
    (c) => c.name,
  );
  for (const component of components) component.fields = sortedBy(component.fields, (f) => f.key);

  const languages = normaliseLanguages(input.languages, input.defaultLocale);
  for (const { code, message } of languages.problems) report({ severity: "error", code, message });
  return {
    components,
    componentNames: new Set(components.map((component) => component.name)),
    groups,
    resolveRelations: readRelations(input.relations, report),
    ...declaredLinks(input, report),
    inline: readInline(input.inline, components, report),
    datasources: readDatasources(input.datasources),
    languages: languages.model,
  };
}

/**
 * The components as written (raw objects, in file order) and the groups, from
 * any of the accepted layouts. `schema push` sends these raw objects; the
 * generator normalises them.
 */
export function readRawSchema(
  documents: unknown[],
  report: (diagnostic: Diagnostic) => void,
): { components: RawObject[]; groups: GroupModel[] } {
  const components: RawObject[] = [];
  const rawGroups: RawObject[] = [];
  documents.forEach((document, index) => collect(document, index, components, rawGroups, report));
  return { components, groups: readGroups(rawGroups, components) };
}

function collect(
  document: unknown,
  index: number,
  components: RawObject[],
  groups: RawObject[],
  report: (diagnostic: Diagnostic) => void,
): void {
  if (Array.isArray(document)) {
    for (const item of document) collect(item, index, components, groups, report);
    return;
  }
  if (!isObject(document)) {
    report({ severity: "error", code: "document-not-object", message: `schema document #${index + 1} is not a JSON object or array` });
    return;
  }
  if (Array.isArray(document.components) || Array.isArray(document.component_groups)) {
    if (document.components !== undefined) collect(document.components, index, components, groups, report);
    if (document.component_groups !== undefined) collect(document.component_groups, index, components, groups, report);
    return;
  }
  if ("schema" in document || "is_root" in document || "is_nestable" in document) components.push(document);
  else if ("uuid" in document && "name" in document) groups.push(document);
  else
    report({
      severity: "error",
      code: "document-not-schema",
      message: `schema document #${index + 1} holds neither components nor component groups`,
    });
}

/**
 * Groups come from `component_groups` when the file has it; otherwise (older
 * exports) they are recovered from each component's `component_group_uuid`
 * and `component_group_name`.
 */
function readGroups(rawGroups: RawObject[], rawComponents: RawObject[]): GroupModel[] {
  const byUuid = new Map<string, GroupModel>();
  for (const raw of rawGroups) {
    const uuid = readText(raw.uuid);
    if (uuid !== undefined) byUuid.set(uuid, { uuid, name: readText(raw.name), parentUuid: readText(raw.parent_uuid) });
  }
  for (const raw of rawComponents) {
    const uuid = readText(raw.component_group_uuid);
    if (uuid === undefined) continue;
    const group = byUuid.get(uuid) ?? { uuid };
    group.name ??= readText(raw.component_group_name);
    byUuid.set(uuid, group);
  }
  return [...byUuid.values()];
}

function readRelations(raw: unknown, report: (diagnostic: Diagnostic) => void): string[] {
  if (raw === undefined) return [];
  const list = isObject(raw) ? raw.resolve_relations : raw;
  if (!Array.isArray(list)) {
    report({ severity: "error", code: "relations-invalid", message: "relations file has no `resolve_relations` array" });
    return [];
  }
  return readStringList(list);
}

/**
 * `resolve_links` as the project's requests send it: the option, else
 * relations.json's. "0" (or none) resolves nothing; "1" is Storyblok's old
 * spelling of "story".
 */
function declaredLinks(input: RawSchemaInput, report: (diagnostic: Diagnostic) => void): { resolveLinks?: DeclaredLinkResolution } {
  const raw = input.resolveLinks ?? (isObject(input.relations) ? input.relations.resolve_links : undefined);
  if (raw === undefined || raw === "0" || raw === 0) return {};
  if (raw === "1" || raw === 1) return { resolveLinks: "story" };
  if ((LINK_RESOLUTIONS as readonly unknown[]).includes(raw)) return { resolveLinks: raw as DeclaredLinkResolution };
  report({
    severity: "error",
    code: "resolve-links-invalid",
    message: `resolve_links ${JSON.stringify(raw)} is none of ${LINK_RESOLUTIONS.map((value) => `"${value}"`).join(", ")}`,
  });
  return {};
}

/** The inline blocks, sorted; a name that is no nestable block is warned about and ignored (a typo, or a block since removed). */
function readInline(
  raw: readonly string[] | undefined,
  components: readonly ComponentModel[],
  report: (diagnostic: Diagnostic) => void,
): string[] {
  const names = [...new Set(raw ?? [])].sort(compareNames);
  const nestable = new Set(components.filter((c) => c.isNestable || !c.isRoot).map((c) => c.name));
  for (const name of names.filter((n) => !nestable.has(n))) {
    report({
      severity: "warning",
      code: "inline-not-nestable",
      component: name,
      message: `inline names "${name}", which is no nestable block; it is ignored`,
    });
  }
  return names.filter((name) => nestable.has(name));
}

/** Entries sorted: their order in the datasource is the editor's, and must not reorder the output. */
function readDatasources(raw: unknown): Map<string, string[]> | undefined {
  if (raw === undefined) return undefined;
  const datasources = new Map<string, string[]>();
  const list = isObject(raw) ? raw.datasources : raw;
  if (!Array.isArray(list)) return datasources;
  for (const datasource of list) {
    if (!isObject(datasource)) continue;
    const slug = readText(datasource.slug);
    if (slug === undefined) continue;
    const entries = Array.isArray(datasource.entries) ? datasource.entries : [];
    datasources.set(slug, readStringList(entries.map((entry) => (isObject(entry) ? entry.value : undefined))).sort(compareNames));
  }
  return datasources;
}
