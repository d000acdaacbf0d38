/**
 * The one mechanical edit: the project's own type module (storyblok-generate-ts's
 * output, which its renderers import) is replaced by a shim that exports the
 * same names from the generator under test. A block type is found by its
 * component name, a field-kind type (`AssetStoryblok`, …) by the generator's
 * table; nothing in any renderer changes.
 */
import type { GeneratedTypes } from "./generators";

export interface Shim {
  source: string;
  /** Names the project exports that the generator has no type for (each becomes `never`, and is reported). */
  unmapped: string[];
}

/**
 * Type name → component name for the project's block types: storyblok-generate-ts's
 * `export interface XStoryblok {` … `component: "x";`, whichever quotes a formatter left.
 */
function ownBlockNames(ownModule: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of ownModule.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const component = /^\s+component: (?:"([^"]*)"|'([^']*)');$/m.exec(m[2]!);
    if (component) names.set(m[1]!, component[1] ?? component[2]!);
  }
  return names;
}

/** Every type name the project's module exports. */
function exportedNames(ownModule: string): string[] {
  return [...ownModule.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!);
}

export function shimSource(ownModule: string, generated: GeneratedTypes, importPath: string): Shim {
  const ownBlocks = ownBlockNames(ownModule);
  const lines = [
    "// The adoption bench's shim: the project's type names, from the generator under test.",
    `import type * as G from ${JSON.stringify(importPath)};`,
  ];
  const unmapped: string[] = [];
  for (const name of exportedNames(ownModule)) {
    const component = ownBlocks.get(name);
    const target = component === undefined ? generated.fieldKinds[name] : generated.blocks.get(component);
    if (target === undefined) {
      unmapped.push(name);
      lines.push(`export type ${name} = never;`);
    } else {
      lines.push(`export type ${name} = ${component === undefined ? target : `G.${target}`};`);
    }
  }
  return { source: `${lines.join("\n")}\n`, unmapped };
}
