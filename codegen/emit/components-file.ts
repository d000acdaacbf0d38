import { fieldKind, type FieldContext, type PluginTypes } from "../fields/index.js";
import type { ComponentModel, Diagnostic, GeneratedFile, SchemaModel } from "../model.js";
import { propertyKey } from "../naming.js";
import { compareNames, sortedBy } from "../sort.js";
import { RICHTEXT_EXPORTS, STORYBLOK_EXPORTS, UNION_NAMES } from "../names.js";
import { groupLabel, type Symbols } from "../symbols.js";
import { docComment, importTypes, unionDeclaration } from "./write.js";

export interface ComponentsFileInput {
  model: SchemaModel;
  symbols: Symbols;
  plugins: PluginTypes;
  /** The first line, naming the schema and the command that rebuilds the file (header.ts). */
  header: string;
  report: (diagnostic: Diagnostic) => void;
}

export function componentsFile(input: ComponentsFileInput): GeneratedFile {
  const { model, symbols } = input;
  const used = new Set<string>();
  const use = (name: string) => (used.add(name), name);
  const components = sortedBy(model.components, (c) => symbols.blok.get(c.name) ?? c.name);

  // One array of lines for the whole file, joined once: the declarations of
  // a thousand components are tens of thousands of lines, and copying them
  // between intermediate arrays cost more than writing them.
  const declarations: string[] = [];
  for (const component of components) {
    declarations.push("");
    componentType(component, input, use, declarations);
  }
  const typeOf = (component: ComponentModel) => symbols.blok.get(component.name) ?? component.name;
  const unions = [
    "",
    "/** Every block in the schema. */",
    ...unionDeclaration(UNION_NAMES.any, components.map(typeOf)),
    "",
    // Components that are neither root nor nestable (older spaces) can only be
    // used inside other blocks, so they count as nestable.
    "/** Blocks that can sit inside other blocks: the keys of the block registry. */",
    ...unionDeclaration(UNION_NAMES.nestable, components.filter((c) => c.isNestable || !c.isRoot).map(typeOf)),
    "",
    "/** Blocks that are the content of a story. */",
    ...unionDeclaration(UNION_NAMES.contentType, components.filter((c) => c.isRoot).map(typeOf)),
    "",
    "/**",
    " * Each block's type by its component name. `BlokByComponent[K]` is a lookup; the",
    " * same type filtered out of AnyBlok (`Extract<AnyBlok, { component: K }>`) costs",
    " * the checker a pass over every block for each K: a typed registry of 1,000",
    " * renderers took about 8 s to check that way, 1.5 s this way.",
    " */",
    ...mapDeclaration(
      UNION_NAMES.byComponent,
      sortedBy(model.components, (c) => c.name).map((c) => [c.name, typeOf(c)] as const),
    ),
    ...groupUnions(model, symbols),
    ...storyAliases(components, symbols, use),
  ];

  const imports = [
    ...importTypes(
      STORYBLOK_EXPORTS.filter((name) => used.has(name)),
      "./storyblok",
    ),
    ...importTypes(
      RICHTEXT_EXPORTS.filter((name) => used.has(name)),
      "./richtext",
    ),
  ];
  const body = [imports, declarations, unions]
    .filter((part) => part.length > 0)
    .map((part) => part.join("\n"))
    .join("\n");
  return { path: "components.ts", contents: `${input.header}\n${body}\n` };
}

/** Appends a component's type, and its bloks fields' named unions after it, to `lines`. */
function componentType(component: ComponentModel, input: ComponentsFileInput, use: (name: string) => string, lines: string[]): void {
  lines.push(
    ...docComment(component.displayName),
    `export type ${input.symbols.blok.get(component.name)} = {`,
    `  component: ${JSON.stringify(component.name)};`,
    "  _uid: string;",
    "  /** Present on draft content only: the Visual Editor's data attribute. */",
    "  _editable?: string;",
  );
  // Declared after the type, in field order: each bloks field's named union.
  const aliases: string[] = [];
  const fields = sortedBy(component.fields, (f) => f.key);
  if (fields.length === 0) {
    lines.push("};");
    return;
  }
  // One context for the component, pointed at each field in turn (a transform reads it while it
  // runs and keeps nothing): not an object and two closures for each of thousands of fields.
  const context: FieldContext = {
    model: input.model,
    component,
    field: fields[0]!,
    symbols: input.symbols,
    plugins: input.plugins,
    use,
    declareBloksAlias: (members) => {
      const key = context.field.key;
      const name = input.symbols.bloks.get(component.name)?.get(key);
      // Every bloks field has a name (buildSymbols); inline is the safe fallback.
      if (name === undefined) return members.length === 0 ? "never" : members.join(" | ");
      aliases.push("", ...docComment(`Blocks allowed in ${component.name}.${key}.`), ...unionDeclaration(name, members));
      return name;
    },
    warn: (code, message) => input.report({ severity: "warning", code, component: component.name, field: context.field.key, message }),
  };
  for (const field of fields) {
    context.field = field;
    const type = fieldKind(field).transform(context);
    if (type === undefined) continue;
    if (field.description !== undefined) lines.push(...docComment(field.description, "  "));
    lines.push(`  ${propertyKey(field.key)}${field.required ? "" : "?"}: ${type};`);
  }
  lines.push("};");
  for (const line of aliases) lines.push(line);
}

/** One union per component group; a group's subgroups are members of it. */
function groupUnions(model: SchemaModel, symbols: Symbols): string[] {
  return sortedBy(model.groups, groupLabel).flatMap((group) => {
    const name = symbols.group.get(group.uuid);
    if (name === undefined) return [];
    const members = model.components
      .filter((component) => component.groupUuid === group.uuid)
      .map((component) => symbols.blok.get(component.name) ?? component.name)
      .sort(compareNames);
    const subgroups = model.groups
      .filter((child) => child.parentUuid === group.uuid)
      .flatMap((child) => symbols.group.get(child.uuid) ?? [])
      .sort(compareNames);
    return [
      "",
      ...docComment(`Blocks in the component group "${groupLabel(group)}".`),
      ...unionDeclaration(name, [...members, ...subgroups]),
    ];
  });
}

function storyAliases(components: ComponentModel[], symbols: Symbols, use: (name: string) => string): string[] {
  const roots = components.filter((component) => component.isRoot);
  if (roots.length === 0) return [];
  const story = use("StoryblokStory");
  return [
    "",
    ...roots.map((component) => `export type ${symbols.story.get(component.name)} = ${story}<${symbols.blok.get(component.name)}>;`),
  ];
}

/** `export type Name = { key: Type; … };`, keys quoted only where they must be. */
function mapDeclaration(name: string, entries: readonly (readonly [key: string, type: string])[]): string[] {
  if (entries.length === 0) return [`export type ${name} = {};`];
  return [`export type ${name} = {`, ...entries.map(([key, type]) => `  ${propertyKey(key)}: ${type};`), "};"];
}
