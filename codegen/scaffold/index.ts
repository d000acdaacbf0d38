import { withImportExtension, type ImportExtension } from "../emit/import-extension.js";
import { analyseSchema } from "../generate.js";
import type { GeneratedFile } from "../model.js";
import type { RawSchemaInput } from "../normalise/schema.js";
import { compareNames } from "../sort.js";
import type { Helper } from "./field-markup.js";
import { HELPER_NEEDS, helperFile } from "./helper-files.js";
import { newRegistry, RegistryError, type RegistryEntry } from "./new-registry.js";
import { helperImport, rendererFile, type HelperImport } from "./renderer-file.js";

export { RegistryError } from "./new-registry.js";
export type { Helper } from "./field-markup.js";
export type { HelperImport } from "./renderer-file.js";

export interface ScaffoldInput extends RawSchemaInput {
  /** The generated folder as the renderers import it, e.g. `../generated`. */
  generatedImport: string;
  /** The names of the files already in the renderers' folder: none of them is written. */
  existing: ReadonlySet<string>;
  /** registry.ts's text, when there is one. */
  registry?: string;
  /** Only these blocks (technical names); every nestable block without a renderer when absent. */
  blocks?: readonly string[];
  /** The project's own helpers (config `helpers`): the renderers import these, and no copy of them is written. */
  ownHelpers?: Partial<Record<Helper, HelperImport>>;
  /** `.js` on the relative imports of the files written, for node16/nodenext module resolution. */
  importExtension?: ImportExtension;
}

export interface ScaffoldPlan {
  /** New files only, never one in `existing`. */
  files: GeneratedFile[];
  /** registry.ts's new text; undefined when it stays as it is. */
  registry?: string;
  /** The blocks that got a renderer, sorted. */
  added: string[];
}

/** Names the helpers take in the renderers' folder; a block named so gets `…Renderer`. */
const RESERVED = new Set(["Blocks", "RichText"]);

/**
 * What `scaffold` writes, as data: a typed renderer for each nestable block
 * that has neither a registry entry nor a file of its name, the helpers those
 * renderers import (when missing), and the registry with them added.
 * Throws RegistryError for an unknown block or a registry it cannot read.
 */
export async function scaffoldRenderers(input: ScaffoldInput): Promise<ScaffoldPlan> {
  const { model, symbols } = analyseSchema(input);
  // As components-file.ts: a component neither root nor nestable (older spaces) counts as nestable.
  const nestable = model.components
    .filter((component) => component.isNestable || !component.isRoot)
    .sort((a, b) => compareNames(a.name, b.name));
  for (const name of input.blocks ?? []) {
    if (!nestable.some((component) => component.name === name))
      throw new RegistryError(`--block ${name}: no nestable block of that name in the schema`);
  }
  // ts-morph only to read and edit a registry.ts that exists: a first scaffold never loads it.
  const edit = input.registry === undefined ? undefined : await import("./registry-file.js");
  const wired = input.registry === undefined || edit === undefined ? new Set<string>() : edit.registryKeys(input.registry);
  const registryTypes = input.registry === undefined || edit === undefined ? undefined : edit.registryBlokTypeArguments(input.registry);
  const files: GeneratedFile[] = [];
  const helpers = new Set<Helper>();
  const entries: RegistryEntry[] = [];
  for (const component of nestable) {
    if (input.blocks !== undefined && !input.blocks.includes(component.name)) continue;
    if (wired.has(component.name)) continue;
    const typeName = symbols.blok.get(component.name)!;
    const stem = typeName.replace(/Blok$/, "");
    const rendererName = RESERVED.has(stem) ? `${stem}Renderer` : stem;
    entries.push({ block: component.name, renderer: rendererName });
    // A file of the renderer's name is the user's: wire it into the registry, never replace it.
    if (input.existing.has(`${rendererName}.tsx`)) continue;
    const renderer = rendererFile({
      component,
      typeName,
      rendererName,
      generatedImport: input.generatedImport,
      ...(registryTypes === undefined ? {} : { registryTypes }),
      ...(input.ownHelpers === undefined ? {} : { ownHelpers: input.ownHelpers }),
      resolvedRelations: model.resolveRelations,
    });
    files.push({ path: `${rendererName}.tsx`, contents: renderer.contents });
    for (const helper of renderer.helpers) helpers.add(helper);
  }
  // A helper's own imports come with it (RichText renders embedded blocks with Blocks), so every file written compiles.
  const needed = [...helpers];
  for (const helper of needed) {
    if (input.ownHelpers?.[helper] !== undefined) continue;
    for (const next of HELPER_NEEDS[helper]) if (!needed.includes(next)) needed.push(next);
  }
  for (const helper of needed) {
    if (input.ownHelpers?.[helper] !== undefined) continue;
    const file = helperFile(helper, input.generatedImport, (other) => helperImport(other, input.ownHelpers?.[other]));
    if (!input.existing.has(file.path)) files.push(file);
  }
  // Blocks renders through the registry: a scaffold that writes it needs one.
  const extension = input.importExtension ?? "";
  const registry =
    entries.length === 0
      ? undefined
      : input.registry === undefined || edit === undefined
        ? withImportExtension(newRegistry(entries, input.generatedImport), extension)
        : edit.addToRegistry(input.registry, entries, extension);
  return {
    files: files
      .map((file) => ({ ...file, contents: withImportExtension(file.contents, extension) }))
      .sort((a, b) => compareNames(a.path, b.path)),
    ...(registry === undefined ? {} : { registry }),
    added: entries.map((entry) => entry.block),
  };
}
