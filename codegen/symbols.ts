import type { ComponentModel, Diagnostic, GroupModel, SchemaModel } from "./model";
import { NameTable, pascalCase } from "./naming";
import { REGISTRY_EXPORTS, RELATIONS_EXPORTS, RICHTEXT_EXPORTS, STORYBLOK_EXPORTS, UNION_NAMES, VALIDATORS_EXPORTS } from "./names";
import { sortedBy } from "./sort";


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

export function buildSymbols(model: SchemaModel, report: (diagnostic: Diagnostic) => void): Symbols {
  const table = new NameTable([
    ...STORYBLOK_EXPORTS,
    ...RICHTEXT_EXPORTS,
    ...Object.values(UNION_NAMES),
    ...REGISTRY_EXPORTS,
    ...RELATIONS_EXPORTS,
    ...VALIDATORS_EXPORTS,
  ]);
  const symbols: Symbols = { blok: new Map(), story: new Map(), group: new Map(), bloks: new Map() };
  const stems = new Map<string, string>();

  // Sorted first, so which of two colliding names gets the suffix does not
  // depend on the order of the schema file.
  for (const component of sortedBy(model.components, (c) => c.name)) {
    const wanted = stemOf(component.name, "Component");
    if (pascalCase(component.name) === "") {
      report({ severity: "warning", component: component.name, message: `its name has no letters or digits; its type is based on "${wanted}"` });
    }
    const build = (stem: string) => (component.isRoot ? [`${stem}Blok`, `${stem}Story`] : [`${stem}Blok`]);
    const { stem, collided } = table.claim(wanted, build);
    stems.set(component.name, stem);
    symbols.blok.set(component.name, `${stem}Blok`);
    if (component.isRoot) symbols.story.set(component.name, `${stem}Story`);
    if (collided) warnCollision(report, component, `${wanted}Blok`, `${stem}Blok`);
  }

  for (const group of sortedBy(model.groups, groupLabel)) {
    const wanted = stemOf(groupLabel(group), "Group");
    const { stem, collided } = table.claim(wanted, (s) => [`${s}GroupBlok`]);
    symbols.group.set(group.uuid, `${stem}GroupBlok`);
    if (collided) {
      report({
        severity: "warning",
        message: `component group "${groupLabel(group)}" would be named ${wanted}GroupBlok, which is taken; it is named ${stem}GroupBlok`,
      });
    }
  }

  // Aliases last: components and groups keep their names. An alias is built
  // on its component's final stem (`ModalBlock2ItemsBloks`), so the two stay
  // in step; it can still meet another alias (`card` + `list_cards` and
  // `card_list` + `cards`), and the later one in this order is suffixed.
  for (const component of sortedBy(model.components, (c) => c.name)) {
    const fields = sortedBy(component.fields.filter((f) => f.type === "bloks"), (f) => f.key);
    if (fields.length === 0) continue;
    const aliases = new Map<string, string>();
    for (const field of fields) {
      const wanted = `${stems.get(component.name)}${stemOf(field.key, "Field")}`;
      const { stem, collided } = table.claim(wanted, (s) => [`${s}Bloks`]);
      aliases.set(field.key, `${stem}Bloks`);
      if (collided) {
        report({
          severity: "warning",
          component: component.name,
          field: field.key,
          message: `its blocks alias ${wanted}Bloks is already taken (by another alias or a generated name); it is named ${stem}Bloks`,
        });
      }
    }
    symbols.bloks.set(component.name, aliases);
  }
  return symbols;
}

/** Groups without a name (older exports) are named after their uuid's first block. */
export function groupLabel(group: GroupModel): string {
  return group.name ?? `Group ${group.uuid.split("-")[0] ?? group.uuid}`;
}

/** A name with no letters or digits at all (only emoji, say) still needs an identifier. */
function stemOf(name: string, fallback: string): string {
  return pascalCase(name) || fallback;
}

function warnCollision(report: (d: Diagnostic) => void, component: ComponentModel, wanted: string, given: string): void {
  report({
    severity: "warning",
    component: component.name,
    message: `its type name ${wanted} is already taken (by another component or a generated name); it is named ${given}`,
  });
}
