import { propertyKey } from "../naming.js";
import { compareNames } from "../sort.js";

export interface RegistryEntry {
  /** The block's technical name, the registry's key. */
  block: string;
  /** The renderer's export, from `./<renderer>`. */
  renderer: string;
}

/** A registry.ts the scaffold cannot add to, or a block it does not know: the command says why and writes nothing. */
export class RegistryError extends Error {}

/** A new registry.ts, typed by the generated BlockRegistry: a missing, extra or mistyped renderer does not compile. */
export function newRegistry(entries: readonly RegistryEntry[], generatedImport: string): string {
  const sorted = [...entries].sort((a, b) => compareNames(a.block, b.block));
  return [
    `import type { BlockRegistry } from "${generatedImport}";`,
    ...sorted.map((entry) => `import { ${entry.renderer} } from "./${entry.renderer}";`),
    "",
    "// One renderer per nestable block, typed by the generated BlockRegistry: a block",
    "// missing here, an extra key, or a renderer for the wrong block is a compile error.",
    "export const registry: BlockRegistry = {",
    ...sorted.map((entry) => `  ${propertyKey(entry.block)}: ${entry.renderer},`),
    "};",
    "",
  ].join("\n");
}
