import type { GeneratedFile } from "../model.js";
import { UNION_NAMES } from "../names.js";

// A mapped type over the nestable block names: an object literal typed with
// it must have exactly these keys (excess-property check) and each value must
// accept that block's props (function parameters are checked contravariantly).
const BODY = `
import type { ComponentType } from "react";
import type { ${UNION_NAMES.byComponent}, ${UNION_NAMES.nestable} } from "./components";

/** The block type whose \`component\` is K. */
export type BlokOf<K extends ${UNION_NAMES.nestable}["component"]> = ${UNION_NAMES.byComponent}[K];

/** One renderer per nestable block: a missing, extra or mistyped renderer does not compile. */
export type BlockRegistry = {
  readonly [K in ${UNION_NAMES.nestable}["component"]]: ComponentType<{ blok: BlokOf<K> }>;
};
`;

export function registryFile(header: string): GeneratedFile {
  return { path: "registry.ts", contents: header + BODY };
}
