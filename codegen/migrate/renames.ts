/**
 * Field renames. A rename looks like a field removed and another added, so
 * only the developer can say it is one (`--rename block.old=new`); a likely
 * one (the only field removed and the only field added in a block, of the
 * same type) is suggested and never assumed.
 */
import type { ComponentChange } from "../drift/semantic-summary.js";

export interface Rename {
  block: string;
  from: string;
  to: string;
}

/** `hero_section.headline=title` → the rename, or a message saying what is wrong with it. */
export function parseRename(spec: string): Rename | string {
  const match = /^([^.=\s]+)\.([^.=\s]+)=([^.=\s]+)$/.exec(spec.trim());
  if (!match) return `--rename ${spec}: expected block.old=new, e.g. hero_section.headline=title`;
  return { block: match[1]!, from: match[2]!, to: match[3]! };
}

/** Problems with confirmed renames: each must name a field removed and a field added in the same block, each used once. */
export function renameProblems(renames: readonly Rename[], changes: readonly ComponentChange[]): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const { block, from, to } of renames) {
    const spec = `--rename ${block}.${from}=${to}`;
    const removed = changes.some((change) => change.kind === "field-removed" && change.block === block && change.field === from);
    const added = changes.some((change) => change.kind === "field-added" && change.block === block && change.field === to);
    if (!removed) problems.push(`${spec}: ${block}.${from} was not removed since the last snapshot`);
    if (!added) problems.push(`${spec}: ${block}.${to} was not added since the last snapshot`);
    for (const field of [`${block}.${from}`, `${block}.${to}`]) {
      if (used.has(field)) problems.push(`${spec}: ${field} is in two renames`);
      used.add(field);
    }
  }
  return problems;
}

/** Per block: the one field removed and the one added, of the same type, that no confirmed rename covers. */
export function suggestRenames(changes: readonly ComponentChange[], confirmed: readonly Rename[]): Rename[] {
  const covered = new Set(confirmed.flatMap(({ block, from, to }) => [`${block}.${from}`, `${block}.${to}`]));
  const byBlock = new Map<string, { removed: { field: string; type: string }[]; added: { field: string; type: string }[] }>();
  for (const change of changes) {
    if (change.kind !== "field-removed" && change.kind !== "field-added") continue;
    if (covered.has(`${change.block}.${change.field}`)) continue;
    const entry = byBlock.get(change.block) ?? { removed: [], added: [] };
    if (change.kind === "field-removed") entry.removed.push({ field: change.field, type: bareType(change.was) });
    else entry.added.push({ field: change.field, type: bareType(change.type) });
    byBlock.set(change.block, entry);
  }
  const suggestions: Rename[] = [];
  for (const [block, { removed, added }] of byBlock) {
    const [gone] = removed;
    const [fresh] = added;
    if (removed.length === 1 && added.length === 1 && gone!.type === fresh!.type)
      suggestions.push({ block, from: gone!.field, to: fresh!.field });
  }
  return suggestions;
}

/** `?: string` and `: string` are the same type for a rename; required or not is the scaffold's (and tsc's) business. */
function bareType(type: string): string {
  return type.replace(/^\??: /, "");
}
