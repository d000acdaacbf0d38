import type { GeneratedFile } from "../model.js";
import { UNION_NAMES } from "../names.js";

// A mapped type over the nestable block names: an object literal typed with
// it must have exactly these keys (excess-property check) and each value must
// accept that block's props (function parameters are checked contravariantly).
const BODY = `
import type { ComponentType } from "react";
import type { ${UNION_NAMES.byComponent}, ${UNION_NAMES.nestable} } from "./components";
import type { LinkResolution, RelationName, ResolvedBlok } from "./relations";

/** The block type whose \`component\` is K. */
export type BlokOf<K extends ${UNION_NAMES.nestable}["component"]> = ${UNION_NAMES.byComponent}[K];

/**
 * One renderer per nestable block: a missing, extra or mistyped renderer does
 * not compile. Each gets its block as stored, or, given the request's
 * \`resolve_relations\` R and \`resolve_links\` L, as its answer holds it (\`ResolvedBlok\`).
 */
export type BlockRegistry<R extends readonly RelationName[] = readonly [], L extends LinkResolution = never> = {
  readonly [K in ${UNION_NAMES.nestable}["component"]]: ComponentType<{ blok: ResolvedBlok<K, R, L> }>;
};
`;

export function registryFile(header: string): GeneratedFile {
  return { path: "registry.ts", contents: header + BODY };
}
