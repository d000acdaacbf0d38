import type { Diagnostic, FieldModel, GeneratedFile, SchemaModel } from "../model.js";
import { UNION_NAMES } from "../names.js";
import { propertyKey } from "../naming.js";
import { compareNames, sortedBy } from "../sort.js";
import type { Symbols } from "../symbols.js";
import { REQUEST_TYPES } from "./request-types.js";
import { HOLDS_LINK, isStoryField, relationFields, resolvableWithin, type RelationField } from "./resolvable.js";
import { importTypes } from "./write.js";

/**
 * relations.ts: what a request resolves, in types. `RESOLVE_RELATIONS` is
 * relations.json (the fields content may arrive resolved in, which the
 * validators accept a story in); `ResolvedStory` types the answer to one
 * request from what it sends (request-types.ts), with three maps from the
 * schema written above it: each story field's content types, each
 * restricted link's, and what each block holds at any depth.
 */
export function relationsFile(model: SchemaModel, symbols: Symbols, header: string, report: (d: Diagnostic) => void): GeneratedFile {
  const relations = relationFields(model);
  const links = restrictedLinks(model);
  const targets = new ContentTypes(symbols, report);
  const relationTargets = relations.map(
    ({ name, component, field }) => [name, targets.union(component.name, field, field.filterContentType, "filter_content_type")] as const,
  );
  const linkTargets = links.map(
    ({ name, component, field }) =>
      [name, targets.union(component.name, field, field.linkContentTypes, "its story links' component_whitelist")] as const,
  );
  const runtimeTargets = relations.map(
    ({ name, field }) =>
      [
        name,
        `[${targets
          .names(field.filterContentType)
          .map((type) => JSON.stringify(type))
          .join(", ")}]`,
      ] as const,
  );

  const body = [
    ...importTypes(targets.used, "./components"),
    ...importTypes(["RichTextDoc"], "./richtext"),
    ...importTypes(
      ["StoryblokLinkedLink", "StoryblokLinkedUrl", "StoryblokResolvedStoryLink", "StoryblokStory", "StoryblokStoryLink"],
      "./storyblok",
    ),
    "",
    "/**",
    " * What the project's requests resolve (relations.json, or the generator's config):",
    " * the default block types hold these fields as delivered, and the validators accept",
    " * a story there as well as a uuid. One request's exact answer follows what it",
    " * sends, as `ResolvedStory` types it.",
    " */",
    `export const RESOLVE_RELATIONS = ${listedRelations(model, report)};`,
    "",
    "/** Every story field, named as `resolve_relations` names it, and the content types its stories may have (its `filter_content_type`). */",
    ...mapType("export type RelationTargets", relationTargets, ";"),
    "",
    "/** A field `resolve_relations` may name. */",
    "export type RelationName = keyof RelationTargets;",
    "",
    "/** RelationTargets at run time, for checking a resolved story's content type: the names, or none for any content type. */",
    ...mapType("export const RELATION_CONTENT_TYPES: Readonly<Record<RelationName, readonly string[]>>", runtimeTargets, ","),
    "",
    "/** Link fields that restrict the content types their story links may point to (`component_whitelist`); the rest may link to any. */",
    ...mapType("export type LinkTargets", linkTargets, ";"),
    "",
    ...declaredTypes(model, relations),
    "",
    ...resolvableMap(model, relations),
    REQUEST_TYPES,
  ];
  return { path: "relations.ts", contents: `${header}\n${body.join("\n")}` };
}

/** relations.json's entries, sorted, as a readonly tuple; an entry that names no story field is kept (Storyblok ignores it) but warned about, as it is almost always a typo. */
function listedRelations(model: SchemaModel, report: (d: Diagnostic) => void): string {
  const listed = [...model.resolveRelations].sort(compareNames);
  for (const relation of listed) checkRelation(model, relation, report);
  return listed.length === 0 ? "[] as const" : `[\n${listed.map((relation) => `  ${JSON.stringify(relation)},`).join("\n")}\n] as const`;
}

/**
 * What the project declares its requests resolve, as types: the relations
 * (relations.json or the config, those naming a story field) and
 * `resolve_links`. The default block types hold these as delivered.
 */
function declaredTypes(model: SchemaModel, relations: readonly RelationField[]): string[] {
  const fields = new Set(relations.map((relation) => relation.name));
  const declared = [...new Set(model.resolveRelations.filter((name) => fields.has(name)))].sort(compareNames);
  return [
    "/** The relations the project's requests resolve (relations.json, or the generator's config): the default block types hold them as a story or, when it could not be resolved, its uuid. */",
    `export type DeclaredRelations = ${declared.length > 0 ? declared.map((name) => JSON.stringify(name)).join(" | ") : "never"};`,
    "",
    "/** The `resolve_links` the project's requests send (none: links are not resolved): the default block types' story links carry what it puts there. */",
    `export type DeclaredLinks = ${model.resolveLinks === undefined ? "never" : JSON.stringify(model.resolveLinks)};`,
  ];
}

/** Multilink fields that restrict their story links to some content types, by name (`block.field`). */
function restrictedLinks(model: SchemaModel): RelationField[] {
  const links = model.components.flatMap((component) =>
    component.fields
      .filter((field) => field.type === "multilink" && field.linkContentTypes.length > 0)
      .map((field) => ({ name: `${component.name}.${field.key}`, component, field })),
  );
  return sortedBy(links, (link) => link.name);
}

/** Content type names as the maps write them, and which block types that makes relations.ts import. */
class ContentTypes {
  readonly used = new Set<string>([UNION_NAMES.byComponent, UNION_NAMES.contentType]);
  constructor(
    private readonly symbols: Symbols,
    private readonly report: (d: Diagnostic) => void,
  ) {}

  /** The names that are typed, sorted: names not in the schema (or skipped) are left out, as in the types. */
  names(names: readonly string[]): string[] {
    return [...new Set(names.filter((name) => this.symbols.blok.has(name)))].sort(compareNames);
  }

  /** The union of the named content types' block types; every content type when none is typed. Each name left out is warned about. */
  union(component: string, field: FieldModel, names: readonly string[], setting: string): string {
    for (const name of names.filter((n) => !this.symbols.blok.has(n))) {
      this.report({
        severity: "warning",
        code: "filter-unknown-content-type",
        component,
        field: field.key,
        message: `${setting} names "${name}", which is not typed (not in the schema, or skipped); it is left out`,
      });
    }
    const types = [...new Set(this.names(names).map((name) => this.symbols.blok.get(name)!))].sort(compareNames);
    for (const type of types) this.used.add(type);
    return types.length > 0 ? types.join(" | ") : UNION_NAMES.contentType;
  }
}

/**
 * What each block holds at any depth (resolvable.ts), the map the request
 * types consult. A set several blocks hold is written once, named.
 */
function resolvableMap(model: SchemaModel, relations: readonly RelationField[]): string[] {
  const within = [...resolvableWithin(model, relations)].map(([component, held]) => ({ component, held, key: held.join("|") }));
  const counts = new Map<string, number>();
  for (const { key } of within) counts.set(key, (counts.get(key) ?? 0) + 1);
  const quoted = new Map<string, string>();
  const unionOf = (held: readonly string[]) =>
    held
      .map((name) => {
        let text = quoted.get(name);
        if (text === undefined) quoted.set(name, (text = JSON.stringify(name)));
        return text;
      })
      .join(" | ");
  const sets = new Map<string, string>();
  const setLines: string[] = [];
  const entries = within.map(({ component, held, key }) => {
    if (held.length < 2 || counts.get(key)! < 2) return [component, unionOf(held)] as const;
    let name = sets.get(key);
    if (name === undefined) {
      name = `ResolvableSet${sets.size}`;
      sets.set(key, name);
      setLines.push(`type ${name} = ${unionOf(held)};`);
    }
    return [component, name] as const;
  });
  return [
    "/**",
    " * Per block, what it may hold at any depth (in its own fields, in the blocks its",
    ` * bloks and rich-text fields allow, and in theirs): relation fields, and ${JSON.stringify(HOLDS_LINK)}`,
    " * when a link field is among them. A block holding nothing a request resolves keeps",
    " * its own type; blocks holding nothing at all are not listed.",
    " */",
    ...mapType("type Resolvable", entries, ";"),
    ...(setLines.length > 0 ? ["", ...setLines] : []),
  ];
}

/** `Name = { key: Value; … };` (or `,` for an object literal), keys quoted only where they must be (relation names, with their dot, always). */
function mapType(declaration: string, entries: readonly (readonly [key: string, value: string])[], separator: ";" | ","): string[] {
  if (entries.length === 0) return [`${declaration} = {};`];
  return [`${declaration} = {`, ...entries.map(([key, value]) => `  ${propertyKey(key)}: ${value}${separator}`), "};"];
}

function checkRelation(model: SchemaModel, relation: string, report: (d: Diagnostic) => void): void {
  const [componentName, fieldKey, ...rest] = relation.split(".");
  const component = model.components.find((c) => c.name === componentName);
  const field = component?.fields.find((f) => f.key === fieldKey);
  if (rest.length === 0 && field !== undefined && isStoryField(field)) return;
  report({
    severity: "warning",
    code: "relation-not-story-field",
    component: componentName,
    field: fieldKey,
    message: `resolve_relations entry "${relation}" does not name an option/options field with source internal_stories`,
  });
}
