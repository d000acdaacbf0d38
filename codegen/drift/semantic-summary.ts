/**
 * What changed in the content model, read back from two versions of the
 * generated components.ts: blocks added or removed, fields added, removed or
 * retyped. A reviewer reads this before the line diff, and `migrate new`
 * builds its scaffold from the same list. It parses only the generator's
 * own output format, which is regular by construction.
 *
 * A bloks field is typed with its own alias (`cards?: CardListCardsBloks[]`)
 * declared after the block, so a whitelist change edits the alias, not the
 * field line. Field types are compared with that alias replaced by its
 * members (`cards?: (CardBlok | LinkBlok)[]`), as the generator wrote them
 * before it named them. Only names ending in `Bloks` are replaced: no other
 * generated name can end so (blocks end in `Blok`, stories in `Story`).
 */
import type { GeneratedFile } from "../model.js";

/** One block as generated: its type's name and each field's `?: type` or `: type`. */
interface ParsedBlock {
  typeName: string;
  fields: Map<string, string>;
}

/** Block name → its type. */
export type ParsedBlocks = Map<string, ParsedBlock>;

/**
 * One change, in the order the summary lists them. Field types keep the
 * optional marker: `?: string` is an optional string, `: string` a required one.
 */
export type ComponentChange =
  | { kind: "block-added"; block: string; typeName: string; fieldCount: number }
  | { kind: "block-removed"; block: string; typeName: string }
  | { kind: "field-added"; block: string; field: string; type: string }
  | { kind: "field-removed"; block: string; field: string; was: string }
  | { kind: "field-retyped"; block: string; field: string; was: string; type: string }
  /** translatable: true → false: its translations are never served again (translation-changes.ts). */
  | { kind: "field-untranslated"; block: string; field: string }
  /** translatable: false → true. */
  | { kind: "field-translated"; block: string; field: string };

/** The components.ts a generator run wrote, as text ("" when it wrote none): what these changes are read from. */
export function componentsSource(files: readonly GeneratedFile[]): string {
  return files.find((file) => file.path === "components.ts")?.contents ?? "";
}

const BLOCK_KEYS = new Set(["component", "_uid", "_editable"]);

export function summariseComponentChanges(before: string, after: string): string[] {
  return componentChanges(before, after).map(formatChange);
}

/** The changes from one components.ts to another: per block of `after` its added, retyped and removed fields, then the removed blocks. */
export function componentChanges(before: string, after: string): ComponentChange[] {
  return diffBlocks(parseComponents(before), parseComponents(after));
}

function diffBlocks(old: ParsedBlocks, current: ParsedBlocks): ComponentChange[] {
  const changes: ComponentChange[] = [];
  for (const [block, { typeName, fields }] of current) {
    const previous = old.get(block)?.fields;
    if (previous === undefined) {
      changes.push({ kind: "block-added", block, typeName, fieldCount: fields.size });
      continue;
    }
    for (const [field, type] of fields) {
      const was = previous.get(field);
      if (was === undefined) changes.push({ kind: "field-added", block, field, type });
      else if (was !== type) changes.push({ kind: "field-retyped", block, field, was, type });
    }
    for (const [field, was] of previous) if (!fields.has(field)) changes.push({ kind: "field-removed", block, field, was });
  }
  for (const [block, { typeName }] of old) if (!current.has(block)) changes.push({ kind: "block-removed", block, typeName });
  return changes;
}

/** The summary's line for a change, e.g. `~ field hero.a?: "x" → hero.a: "x" | "y"`. */
export function formatChange(change: ComponentChange): string {
  switch (change.kind) {
    case "block-added":
      return `+ block ${change.block} (${change.fieldCount} field${change.fieldCount === 1 ? "" : "s"})`;
    case "block-removed":
      return `- block ${change.block}`;
    case "field-added":
      return `+ field ${change.block}.${change.field}${change.type}`;
    case "field-removed":
      return `- field ${change.block}.${change.field}`;
    case "field-retyped":
      return `~ field ${change.block}.${change.field}${change.was} → ${change.block}.${change.field}${change.type}`;
    case "field-untranslated":
      return `~ field ${change.block}.${change.field} is no longer translatable`;
    case "field-translated":
      return `~ field ${change.block}.${change.field} is now translatable`;
  }
}

/** Every block of a generated components.ts, with bloks aliases replaced by their members. */
export function parseComponents(text: string): ParsedBlocks {
  return resolveAliases(parseBlocks(text), parseAliases(text));
}

function parseBlocks(text: string): ParsedBlocks {
  const blocks: ParsedBlocks = new Map();
  let fields: Map<string, string> | undefined;
  let typeName = "";
  let name: string | undefined;
  for (const line of text.split("\n")) {
    const open = /^export type (\w+) = \{$/.exec(line);
    if (open) {
      fields = new Map();
      typeName = open[1]!;
      name = undefined;
      continue;
    }
    if (fields === undefined) continue;
    if (line === "};") {
      if (name !== undefined) blocks.set(name, { typeName, fields });
      fields = undefined;
      continue;
    }
    const property = /^ {2}("(?:[^"\\]|\\.)*"|[\w$]+)(\??: .*);$/.exec(line);
    if (!property) continue;
    const key = property[1]!.startsWith('"') ? (JSON.parse(property[1]!) as string) : property[1]!;
    const type = property[2]!;
    if (key === "component") name = JSON.parse(type.slice(2)) as string;
    else if (!BLOCK_KEYS.has(key)) fields.set(key, type);
  }
  return blocks;
}

/** `export type XBloks = A;` or `export type XBloks =` followed by `  | A` lines: alias → its members joined with ` | `. */
function parseAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  let name: string | undefined;
  let members: string[] = [];
  for (const line of text.split("\n")) {
    const single = /^export type ([\p{L}\p{N}_$]+Bloks) = (.*);$/u.exec(line);
    if (single) aliases.set(single[1]!, single[2]!);
    const open = /^export type ([\p{L}\p{N}_$]+Bloks) =$/u.exec(line);
    if (open) {
      name = open[1]!;
      members = [];
      continue;
    }
    const member = name === undefined ? null : /^ {2}\| (.*?)(;?)$/.exec(line);
    if (!member) continue;
    members.push(member[1]!);
    if (member[2] === ";") {
      aliases.set(name!, members.join(" | "));
      name = undefined;
    }
  }
  return aliases;
}

/** `?: XBloks[]` → `?: (A | B)[]` (parenthesised as the generator's arrayOf does). */
function resolveAliases(blocks: ParsedBlocks, aliases: Map<string, string>): ParsedBlocks {
  for (const { fields } of blocks.values()) {
    for (const [key, type] of fields) {
      const array = /^(\??: )([\p{L}\p{N}_$]+Bloks)\[\]$/u.exec(type);
      const members = array ? aliases.get(array[2]!) : undefined;
      if (array === null || members === undefined) continue;
      fields.set(key, `${array[1]}${members.includes(" ") ? `(${members})` : members}[]`);
    }
  }
  return blocks;
}
