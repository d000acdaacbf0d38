import type { ComponentModel, Diagnostic } from "../model.js";
import { compareNames } from "../sort.js";

/**
 * One component from the entries that share its name. Blocks are told apart
 * by `component: name` alone, so only one can be typed. CLI exports of merged
 * spaces list a component twice with only its metadata changed: those copies
 * collapse. Copies that really differ are settled without looking at file
 * order: the most recently updated wins (then created, then the higher id,
 * then the larger definition), and the warning names both.
 */
export function oneOf(copies: readonly ComponentModel[], report: (diagnostic: Diagnostic) => void): ComponentModel {
  const first = copies[0]!;
  if (copies.length === 1) return first;
  const definitions = new Map<string, ComponentModel>();
  for (const copy of copies) definitions.set(definitionOf(copy), copy);
  if (definitions.size === 1) {
    report({
      severity: "warning",
      code: "duplicate-component",
      component: first.name,
      message: `is listed ${copies.length} times with the same definition (only metadata such as ids or dates differ); typed once`,
    });
    return [...copies].sort(newestFirst)[0]!;
  }
  const ranked = [...definitions.values()].sort(newestFirst);
  const [kept, ...dropped] = ranked as [ComponentModel, ...ComponentModel[]];
  report({
    severity: "warning",
    code: "conflicting-duplicate",
    component: first.name,
    message: `is listed ${copies.length} times with ${definitions.size} different definitions; typed from the most recently updated (${describe(kept)}), not from ${dropped.map((copy) => `(${describe(copy)})`).join(", ")}`,
  });
  return kept;
}

/** What the generator reads from a component, without its metadata: equal text, equal output. */
function definitionOf(component: ComponentModel): string {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...definition } = component;
  const fields = [...definition.fields].sort((a, b) => compareNames(a.key, b.key));
  return JSON.stringify({ ...definition, fields });
}

function newestFirst(a: ComponentModel, b: ComponentModel): number {
  return (
    compareNames(b.updatedAt ?? "", a.updatedAt ?? "") ||
    compareNames(b.createdAt ?? "", a.createdAt ?? "") ||
    (b.id ?? -1) - (a.id ?? -1) ||
    compareNames(definitionOf(b), definitionOf(a))
  );
}

/** `id 12, updated 2024-03-01T…, fields a, b`: enough to find the entry in the file. */
function describe(component: ComponentModel): string {
  const parts = [
    component.id === undefined ? undefined : `id ${component.id}`,
    component.updatedAt === undefined ? undefined : `updated ${component.updatedAt}`,
    `fields ${
      component.fields
        .map((field) => field.key)
        .sort(compareNames)
        .join(", ") || "(none)"
    }`,
  ];
  return parts.filter((part) => part !== undefined).join(", ");
}
