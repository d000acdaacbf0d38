/**
 * Which fields became translatable or stopped being, read back from two
 * versions of the generated locales.ts (its TRANSLATABLE_FIELDS, one block a
 * line), as semantic-summary.ts reads components.ts. A field that stops being
 * translatable leaves its translations (`title__i18n__nl`) in content where
 * Storyblok never serves them: a change content may not survive.
 */
import type { GeneratedFile } from "../model.js";
import { compareNames } from "../sort.js";
import { componentChanges, componentsSource, parseComponents, type ComponentChange, type ParsedBlocks } from "./semantic-summary.js";

/** Block → its translatable fields. */
export type TranslatableFields = Map<string, Set<string>>;

/** The locales.ts a generator run wrote, as text ("" when it wrote none, or before locales.ts existed). */
export function localesSource(files: readonly GeneratedFile[]): string {
  return files.find((file) => file.path === "locales.ts")?.contents ?? "";
}

/** `  hero_section: ["eyebrow", "headline"],` lines between `export const TRANSLATABLE_FIELDS … = {` and `};`. */
export function parseTranslatableFields(text: string): TranslatableFields {
  const fields: TranslatableFields = new Map();
  let inside = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("export const TRANSLATABLE_FIELDS")) {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (line === "};") break;
    const entry = /^ {2}(\["__proto__"\]|"(?:[^"\\]|\\.)*"|[\w$]+): (\[.*\]),$/.exec(line);
    if (!entry) continue;
    const key = entry[1]!;
    const block = key.startsWith("[") ? "__proto__" : key.startsWith('"') ? (JSON.parse(key) as string) : key;
    fields.set(block, new Set(JSON.parse(entry[2]!) as string[]));
  }
  return fields;
}

/**
 * Fields of blocks on both sides whose translatability changed. A field removed
 * or added is the component changes' business (its translations go with it).
 */
function translationChanges(
  before: TranslatableFields,
  after: TranslatableFields,
  blocks: { before: ParsedBlocks; after: ParsedBlocks },
): ComponentChange[] {
  const changes: ComponentChange[] = [];
  const names = [...new Set([...before.keys(), ...after.keys()])].sort(compareNames);
  for (const block of names) {
    const was = blocks.before.get(block)?.fields;
    const now = blocks.after.get(block)?.fields;
    if (was === undefined || now === undefined) continue;
    const old = before.get(block) ?? new Set<string>();
    const current = after.get(block) ?? new Set<string>();
    for (const field of [...new Set([...old, ...current])].sort(compareNames)) {
      if (!was.has(field) || !now.has(field) || old.has(field) === current.has(field)) continue;
      changes.push({ kind: old.has(field) ? "field-untranslated" : "field-translated", block, field });
    }
  }
  return changes;
}

/** Everything that changed in the content model between two generator runs: blocks and fields (components.ts), then translatability (locales.ts). */
export function modelChanges(before: readonly GeneratedFile[], after: readonly GeneratedFile[]): ComponentChange[] {
  return modelChangesOf(
    { components: componentsSource(before), locales: localesSource(before) },
    { components: componentsSource(after), locales: localesSource(after) },
  );
}

/** The same from the two files' texts (a generated folder on disk against a run). */
export function modelChangesOf(
  before: { components: string; locales: string },
  after: { components: string; locales: string },
): ComponentChange[] {
  const blocks = { before: parseComponents(before.components), after: parseComponents(after.components) };
  return [
    ...componentChanges(before.components, after.components),
    ...translationChanges(parseTranslatableFields(before.locales), parseTranslatableFields(after.locales), blocks),
  ];
}
