import type { GeneratedFile, SchemaModel } from "../model.js";
import { UNION_NAMES } from "../names.js";

const { byComponent, nestable } = UNION_NAMES;

// A mapped type over the nestable block names: an object literal typed with
// it must have exactly these keys (excess-property check) and each value must
// accept that block's props (function parameters are checked contravariantly).
// Blocks a parent renders itself (the config's `inline`) are optional keys:
// mapping over `keyof RegistryKeys` keeps their `?`, and a lookup by a generic
// K still gives K's renderer type, so a `Blocks` that looks renderers up
// compiles whatever is inline.
const HEAD = `
import type { ComponentType } from "react";
import type { ${byComponent}, ${nestable} } from "./components";
import type { LinkResolution, RelationName, ResolvedBlok } from "./relations";

/** The block type whose \`component\` is K. */
export type BlokOf<K extends ${nestable}["component"]> = ${byComponent}[K];
`;

const REGISTRY = `
/**
 * One renderer per nestable block: a missing, extra or mistyped renderer does
 * not compile; a block a parent renders itself (\`InlineComponent\`) may have
 * one but needs none. Each gets its block as the project's declared requests
 * deliver it (the default block types), or, given one request's
 * \`resolve_relations\` R and \`resolve_links\` L, as its answer holds it
 * (\`ResolvedBlok\`). It doubles as @storyblok/react's
 * \`storyblokInit({ components })\`.
 */
export type BlockRegistry<R extends readonly RelationName[] = readonly [], L extends LinkResolution = never> = {
  readonly [K in keyof RegistryKeys]: ComponentType<{ blok: ResolvedBlok<K, R, L> }>;
};
`;

export function registryFile(model: SchemaModel, header: string): GeneratedFile {
  const inline = model.inline;
  const keys =
    inline.length === 0
      ? `type RegistryKeys = { [K in ${nestable}["component"]]: true };`
      : `type RegistryKeys = { [K in Exclude<${nestable}["component"], InlineComponent>]: true } & { [K in InlineComponent]?: true };`;
  const body = [
    HEAD,
    "/** Nestable blocks a parent renders itself (the generator config's `inline`): the registry demands no renderer for them. */",
    `export type InlineComponent = ${inline.length === 0 ? "never" : inline.map((name) => JSON.stringify(name)).join(" | ")};`,
    "",
    "/** The registry's keys: every nestable block, the inline ones optional. */",
    keys,
    REGISTRY,
  ];
  return { path: "registry.ts", contents: header + body.join("\n") };
}
