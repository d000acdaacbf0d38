/**
 * What changed in the content model, read back from two versions of the
 * generated components.ts: blocks added or removed, fields added, removed or
 * retyped. A reviewer reads this before the line diff. It parses only the
 * generator's own output format, which is regular by construction.
 *
 * A bloks field is typed with its own alias (`cards?: CardListCardsBloks[]`)
 * declared after the block, so a whitelist change edits the alias, not the
 * field line. Field types are compared with that alias replaced by its
 * members (`cards?: (CardBlok | LinkBlok)[]`), as the generator wrote them
 * before it named them. Only names ending in `Bloks` are replaced: no other
 * generated name can end so (blocks end in `Blok`, stories in `Story`).
 */

/** Block name → field key → `?: type` or `: type`. */
type Blocks = Map<string, Map<string, string>>;

const BLOCK_KEYS = new Set(["component", "_uid", "_editable"]);

export function summariseComponentChanges(before: string, after: string): string[] {
  const old = resolveAliases(parseBlocks(before), parseAliases(before));
  const current = resolveAliases(parseBlocks(after), parseAliases(after));
  const lines: string[] = [];
  for (const [name, fields] of current) {
    const previous = old.get(name);
    if (previous === undefined) {
      lines.push(`+ block ${name} (${fields.size} field${fields.size === 1 ? "" : "s"})`);
      continue;
    }
    for (const [key, type] of fields) {
      const was = previous.get(key);
      if (was === undefined) lines.push(`+ field ${name}.${key}${type}`);
      else if (was !== type) lines.push(`~ field ${name}.${key}${was} → ${name}.${key}${type}`);
    }
    for (const key of previous.keys()) if (!fields.has(key)) lines.push(`- field ${name}.${key}`);
  }
  for (const name of old.keys()) if (!current.has(name)) lines.push(`- block ${name}`);
  return lines;
}

function parseBlocks(text: string): Blocks {
  const blocks: Blocks = new Map();
  let fields: Map<string, string> | undefined;
  let name: string | undefined;
  for (const line of text.split("\n")) {
    if (/^export type \w+ = \{$/.test(line)) {
      fields = new Map();
      name = undefined;
      continue;
    }
    if (fields === undefined) continue;
    if (line === "};") {
      if (name !== undefined) blocks.set(name, fields);
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
function resolveAliases(blocks: Blocks, aliases: Map<string, string>): Blocks {
  for (const fields of blocks.values()) {
    for (const [key, type] of fields) {
      const array = /^(\??: )([\p{L}\p{N}_$]+Bloks)\[\]$/u.exec(type);
      const members = array ? aliases.get(array[2]!) : undefined;
      if (array === null || members === undefined) continue;
      fields.set(key, `${array[1]}${members.includes(" ") ? `(${members})` : members}[]`);
    }
  }
  return blocks;
}
