/**
 * The consumers the codegen benchmark type-checks, derived from the schema so
 * that both generators get the same code and only the type names differ:
 *
 * - `types`: imports every block type and names their union; tsc checks the
 *   output itself and little else (the output's own cost);
 * - `dispatch`: what a site's renderers do in the @storyblok/react style: for
 *   every component a function that takes its type, reads each field, and
 *   hands every item of each `bloks` field to one renderer for any block;
 * - `switch`: the same, but every `bloks` item is narrowed with a
 *   `switch (item.component)` over a few of the names the field allows
 *   (reading a field of the narrowed block) and a `default:` for the rest;
 * - `registry`: one renderer per nestable block in an object typed with a
 *   registry type: ours generated (`BlockRegistry`); for theirs, which has
 *   none, the mapped type a developer would write (`Extract` by name).
 */
import { allowedNames, compareNames, normaliseSchema, propertyKey, type SchemaModel } from "storyblok-typed-codegen";

/** Fields that hold no data, and keys every block has (a field named like one is an error in our output). */
const SKIPPED_TYPES = new Set(["tab", "section"]);
const BLOCK_KEYS = new Set(["component", "_uid", "_editable"]);
/** How many of a bloks field's allowed names its switch handles. */
const CASES = 3;

/** `items` in the generator's order of `key` (a stable sort, as its own). */
function sortedBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareNames(key(a), key(b)));
}

export function readModel(schemaJson: unknown): SchemaModel {
  return normaliseSchema({ documents: [schemaJson] }, () => {});
}

/** Component name → type name, read from our components.ts (`export type XBlok = {` then `component: "x";`). */
export function oursTypeNames(componentsTs: string): Map<string, string> {
  return new Map(
    [...componentsTs.matchAll(/^export type (\w+) = \{\n {2}component: ("(?:[^"\\]|\\.)*");$/gm)].map((m) => [
      JSON.parse(m[2]!) as string,
      m[1]!,
    ]),
  );
}

/** Component name → type name, read from storyblok-generate-ts's output (`export interface XStoryblok {` … `component: "x";`). */
export function theirTypeNames(output: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of output.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const component = /^ {2}component: ("(?:[^"\\]|\\.)*");$/m.exec(m[2]!);
    if (component) names.set(JSON.parse(component[1]!) as string, m[1]!);
  }
  return names;
}

/**
 * The consumer module. Only components both generators typed are used (the
 * maps are intersected), so the code is the same on both sides; `importFrom`
 * is the module that exports the types.
 */
export type ConsumerKind = "types" | "dispatch" | "switch" | "registry";

/**
 * `generatedRegistry`: for `registry`, the generated registry type to import
 * from `importFrom`; without it the consumer declares its own.
 */
export function consumerSource(
  model: SchemaModel,
  maps: ReadonlyMap<string, string>[],
  typeNames: ReadonlyMap<string, string>,
  importFrom: string,
  kind: ConsumerKind,
  generatedRegistry?: string,
): string {
  const typed = (name: string) => maps.every((map) => map.has(name));
  const components = sortedBy(model.components, (c) => c.name).filter((c) => typed(c.name));
  const byName = new Map(components.map((c) => [c.name, c]));
  const dataFields = (name: string) =>
    sortedBy(byName.get(name)?.fields ?? [], (f) => f.key).filter((f) => !SKIPPED_TYPES.has(f.type) && !BLOCK_KEYS.has(f.key));
  const nestable = components.filter((c) => c.isNestable || !c.isRoot).map((c) => c.name);
  const read = (target: string, key: string) => `${target}${/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${propertyKey(key)}]`}`;

  // Two blocks may share a type name in a generator that does not resolve collisions.
  const types = [...new Set(components.map((c) => typeNames.get(c.name)!))];
  const imports = `import type { ${types.join(", ")} } from "${importFrom}";\n\n`;
  if (kind === "types") return `${imports}export type Every =\n${types.map((type) => `  | ${type}`).join("\n")};\n`;
  if (kind === "registry") {
    const nestableTypes = [...new Set(nestable.map((name) => typeNames.get(name)!))];
    const registryType = generatedRegistry
      ? `import type { ${generatedRegistry} as Registry } from "${importFrom}";\n`
      : [
          `import type { ${nestableTypes.join(", ")} } from "${importFrom}";`,
          `type Nestable = ${nestableTypes.join(" | ")};`,
          'type Registry = { readonly [K in Nestable["component"]]: ComponentType<{ blok: Extract<Nestable, { component: K }> }> };',
        ].join("\n");
    const renderers = nestable.map(
      (name) => `  ${propertyKey(name)}: ({ blok }) => (void ${read("blok", dataFields(name)[0]?.key ?? "_uid")}, null),`,
    );
    return `import type { ComponentType } from "react";\n${registryType}\n\nexport const registry: Registry = {\n${renderers.join("\n")}\n};\n`;
  }

  const functions = components.map((component, index) => {
    const type = typeNames.get(component.name)!;
    const lines = [`export function render${index}(blok: ${type}): unknown[] {`, "  const out: unknown[] = [blok._uid];"];
    for (const field of dataFields(component.name)) {
      lines.push(`  out.push(${read("blok", field.key)});`);
      if (field.type !== "bloks") continue;
      const allowed = allowedNames(model, field.restriction);
      const names = (allowed === 0 ? nestable : allowed).filter(typed);
      lines.push(`  for (const item of ${read("blok", field.key)} ?? []) {`);
      if (kind === "dispatch") {
        lines.push("    out.push(renderAny(item));", "  }");
        continue;
      }
      if (names.length === 0) {
        lines.push("    out.push(item);", "  }");
        continue;
      }
      // A few names spread over the allowed set, different per component.
      const picked = [...new Set(Array.from({ length: Math.min(CASES, names.length) }, (_, k) => names[(index + k * 7) % names.length]!))];
      lines.push("    switch (item.component) {");
      for (const name of picked) {
        const first = dataFields(name)[0];
        lines.push(`      case ${JSON.stringify(name)}:`, `        out.push(${read("item", first?.key ?? "_uid")});`, "        break;");
      }
      // Blocks the switch does not handle; an exhaustive switch has no default (its item would be never).
      if (picked.length < names.length) lines.push("      default:", "        out.push(item._uid);");
      lines.push("    }", "  }");
    }
    lines.push("  return out;", "}");
    return lines.join("\n");
  });
  // The one renderer for any block, as StoryblokComponent is: it needs only what every block has.
  const renderAny = kind === "dispatch" ? "declare function renderAny(blok: { component: string; _uid: string }): unknown;\n\n" : "";
  return `${imports}${renderAny}${functions.join("\n\n")}\n`;
}
