import type { ComponentModel, Diagnostic, GroupModel, SchemaModel } from "./model.js";
import { NameTable, pascalCase } from "./naming.js";
import {
  LOCALES_EXPORTS,
  REGISTRY_EXPORTS,
  RELATIONS_EXPORTS,
  RICHTEXT_EXPORTS,
  STORYBLOK_EXPORTS,
  UNION_NAMES,
  VALIDATORS_EXPORTS,
} from "./names.js";
import { compareNames, sortedBy } from "./sort.js";

/** Every generated identifier, computed once, looked up by declarations and references alike. */
export interface Symbols {
  /** Component name → its type, e.g. `hero_section` → `HeroSectionBlok`. */
  blok: Map<string, string>;
  /** Content-type component name → its story alias, e.g. `page` → `PageStory`. */
  story: Map<string, string>;
  /** Group uuid → its union, e.g. `SectionsGroupBlok`. */
  group: Map<string, string>;
  /**
   * Component name → `bloks` field key → the field's named union, e.g.
   * `card_list` → `cards` → `CardListCardsBloks`. One alias per field keeps
   * output linear: a field's type names its alias instead of repeating members.
   */
  bloks: Map<string, Map<string, string>>;
}

/**
 * Names are stable (docs/generated-code.md, "Stable names"): a component's
 * type name depends only on its own name, unless another component's name
 * maps to the same identifier. Components whose names collide with no other
 * are named first, so adding, removing or renaming an unrelated component
 * never renames them; among colliding ones the established block (see
 * `establishedFirst`) keeps the plain name and the others get 2, 3, ….
 */
export function buildSymbols(model: SchemaModel, report: (diagnostic: Diagnostic) => void): Symbols {
  const table = new NameTable([
    ...STORYBLOK_EXPORTS,
    ...RICHTEXT_EXPORTS,
    ...Object.values(UNION_NAMES),
    ...REGISTRY_EXPORTS,
    ...RELATIONS_EXPORTS,
    ...VALIDATORS_EXPORTS,
    ...LOCALES_EXPORTS,
  ]);
  const symbols: Symbols = { blok: new Map(), story: new Map(), group: new Map(), bloks: new Map() };
  const stems = new Map<string, string>();
  // pascalCase is a Unicode split: computed once per component name.
  const wantedStems = new Map(model.components.map((c) => [c.name, stemOf(c.name, "Component")]));
  const wantedOf = (component: ComponentModel) => wantedStems.get(component.name)!;

  const byStem = new Map<string, ComponentModel[]>();
  for (const component of sortedBy(model.components, (c) => c.name)) {
    const wanted = wantedOf(component);
    if (wanted === "Component" && pascalCase(component.name) === "") {
      report({
        severity: "warning",
        code: "name-without-letters",
        component: component.name,
        message: `its name has no letters or digits; its type is based on "${wanted}"`,
      });
    }
    byStem.set(wanted, [...(byStem.get(wanted) ?? []), component]);
  }
  const referenced = referencedComponents(model);
  const ranked = [...byStem.values()].map((list) => list.sort(establishedFirst(referenced)));
  // First every plain name that is free (the one component wanting it, or
  // the established one of several), then the rest: so a suffixed name never
  // takes the plain name of a component further down the alphabet.
  const buildFor = (component: ComponentModel) => (stem: string) => (component.isRoot ? [`${stem}Blok`, `${stem}Story`] : [`${stem}Blok`]);
  const plain = new Set(ranked.map((list) => list[0]!).filter((c) => table.isFree(buildFor(c)(wantedOf(c)))));
  const rest = ranked.flat().filter((c) => !plain.has(c));
  for (const component of [...plain, ...rest]) {
    const wanted = wantedOf(component);
    const build = buildFor(component);
    const { stem, takenBy } = table.claim(wanted, build, `component "${component.name}"`);
    stems.set(component.name, stem);
    symbols.blok.set(component.name, `${stem}Blok`);
    if (component.isRoot) symbols.story.set(component.name, `${stem}Story`);
    if (takenBy !== undefined) {
      report({
        severity: "warning",
        code: "name-collision",
        component: component.name,
        message: `its type name ${wanted}Blok is taken by ${takenBy}; it is named ${stem}Blok`,
      });
    }
  }

  const groups = [...model.groups].sort((a, b) => compareNames(groupLabel(a), groupLabel(b)) || compareNames(a.uuid, b.uuid));
  for (const group of groups) {
    const wanted = stemOf(groupLabel(group), "Group");
    const { stem, takenBy } = table.claim(wanted, (s) => [`${s}GroupBlok`], `component group "${groupLabel(group)}"`);
    symbols.group.set(group.uuid, `${stem}GroupBlok`);
    if (takenBy !== undefined) {
      report({
        severity: "warning",
        code: "group-name-collision",
        message: `component group "${groupLabel(group)}" would be named ${wanted}GroupBlok, which is taken by ${takenBy}; it is named ${stem}GroupBlok`,
      });
    }
  }

  // Aliases last: components and groups keep their names. An alias is built
  // on its component's final stem (`ModalBlock2ItemsBloks`), so the two stay
  // in step; it can still meet another alias (`card` + `list_cards` and
  // `card_list` + `cards`), and the later one in this order is suffixed.
  for (const component of sortedBy(model.components, (c) => c.name)) {
    const fields = sortedBy(
      component.fields.filter((f) => f.type === "bloks"),
      (f) => f.key,
    );
    if (fields.length === 0) continue;
    const aliases = new Map<string, string>();
    for (const field of fields) {
      const wanted = `${stems.get(component.name)}${stemOf(field.key, "Field")}`;
      const { stem, takenBy } = table.claim(wanted, (s) => [`${s}Bloks`], `the alias of ${component.name}.${field.key}`);
      aliases.set(field.key, `${stem}Bloks`);
      if (takenBy !== undefined) {
        report({
          severity: "warning",
          code: "alias-collision",
          component: component.name,
          field: field.key,
          message: `its blocks alias ${wanted}Bloks is taken by ${takenBy}; it is named ${stem}Bloks`,
        });
      }
    }
    symbols.bloks.set(component.name, aliases);
  }
  return symbols;
}

/**
 * Of components whose names map to one identifier, which keeps it: one with
 * fields before an empty leftover, one another component names (in a
 * whitelist or a story filter) before one nobody uses, then the older by
 * `created_at` and by `id`, then by name. None of these depends on schema order.
 */
function establishedFirst(referenced: ReadonlySet<string>): (a: ComponentModel, b: ComponentModel) => number {
  const empty = (c: ComponentModel) => (c.fields.length === 0 ? 1 : 0);
  const unused = (c: ComponentModel) => (referenced.has(c.name) ? 0 : 1);
  return (a, b) =>
    empty(a) - empty(b) ||
    unused(a) - unused(b) ||
    compareMissingLast(a.createdAt, b.createdAt) ||
    compareMissingLast(a.id, b.id) ||
    compareNames(a.name, b.name);
}

function compareMissingLast<T extends string | number>(a: T | undefined, b: T | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 1 : 0) - (b === undefined ? 1 : 0);
  return typeof a === "number" && typeof b === "number" ? a - b : compareNames(String(a), String(b));
}

/** Components named by another component's whitelist or story filter. */
function referencedComponents(model: SchemaModel): Set<string> {
  const names = new Set<string>();
  for (const component of model.components) {
    for (const field of component.fields) {
      if (field.restriction.kind === "components") for (const name of field.restriction.names) if (name !== component.name) names.add(name);
      for (const name of field.filterContentType) names.add(name);
    }
  }
  return names;
}

/** Groups without a name (older exports) are named after their uuid's first block. */
export function groupLabel(group: GroupModel): string {
  return group.name ?? `Group ${group.uuid.split("-")[0] ?? group.uuid}`;
}

/** A name with no letters or digits at all (only emoji, say) still needs an identifier. */
function stemOf(name: string, fallback: string): string {
  return pascalCase(name) || fallback;
}
