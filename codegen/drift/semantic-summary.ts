/**
 * What changed in the content model, read back from two versions of the
 * generated components.ts: blocks added or removed, fields added, removed or
 * retyped. A reviewer reads this before the line diff. It parses only the
 * generator's own output format, which is regular by construction.
 */

/** Block name → field key → `?: type` or `: type`. */
type Blocks = Map<string, Map<string, string>>;

const BLOCK_KEYS = new Set(["component", "_uid", "_editable"]);

export function summariseComponentChanges(before: string, after: string): string[] {
  const old = parseBlocks(before);
  const current = parseBlocks(after);
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
