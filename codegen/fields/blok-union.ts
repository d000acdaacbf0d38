import type { BlokRestriction, SchemaModel } from "../model.js";
import { UNION_NAMES } from "../names.js";
import { compareNames } from "../sort.js";
import type { FieldContext } from "./context.js";

/**
 * The blocks a `bloks` or `richtext` field accepts, written with the named
 * unions (`NestableBlok`, `SectionsGroupBlok`) so output does not repeat long
 * member lists: sorted, without duplicates, empty when the field allows no block.
 */
export function blokMembers(context: FieldContext): string[] {
  const { field, model, symbols, warn } = context;
  const restriction = field.restriction;
  let members: string[];
  switch (restriction.kind) {
    case "any":
      return [UNION_NAMES.nestable];
    case "components":
      members = restriction.names.flatMap((name) => {
        const type = symbols.blok.get(name);
        if (type === undefined)
          warn(
            "whitelist-unknown-component",
            `whitelists component "${name}", which is not typed (not in the schema, or skipped); it is left out`,
          );
        return type === undefined ? [] : [type];
      });
      break;
    case "groups":
      members = restriction.uuids.flatMap((uuid) => {
        const type = symbols.group.get(uuid);
        if (type === undefined)
          warn("whitelist-unknown-group", `whitelists component group "${uuid}", which is not in the schema; it is left out`);
        return type === undefined ? [] : [type];
      });
      break;
    case "tags":
      members = model.components
        .filter((component) => component.tagIds.some((id) => restriction.ids.includes(id)))
        .flatMap((component) => symbols.blok.get(component.name) ?? []);
      break;
  }
  return [...new Set(members)].sort(compareNames);
}

/**
 * The component names a `bloks` or `richtext` field accepts, for the runtime
 * rule: the same restriction as blokMembers, with groups (and their subgroups)
 * and tags expanded. `0` when unrestricted (every nestable block). Names not
 * in the schema are left out, as in the type (blokMembers warns about them).
 * Sorted, so the order of a whitelist or of the schema changes no byte.
 */
export function allowedNames(model: SchemaModel, restriction: BlokRestriction): string[] | 0 {
  if (restriction.kind === "any") return 0;
  // Fields share restrictions (a group's whitelist on every copy of a block), and expanding
  // a group means a pass over every component and a sort: done once per restriction and model.
  let known = allowedByModel.get(model);
  if (known === undefined) allowedByModel.set(model, (known = new Map<string, readonly string[]>()));
  const key = restrictionKey(restriction);
  let names = known.get(key);
  if (names === undefined) known.set(key, (names = expandRestriction(model, restriction)));
  return [...names];
}

/** A model is not changed once built, so what its restrictions expand to can be kept with it. */
const allowedByModel = new WeakMap<SchemaModel, Map<string, readonly string[]>>();

function restrictionKey(restriction: Exclude<BlokRestriction, { kind: "any" }>): string {
  const list = restriction.kind === "components" ? restriction.names : restriction.kind === "groups" ? restriction.uuids : restriction.ids;
  return JSON.stringify([restriction.kind, list]);
}

function expandRestriction(model: SchemaModel, restriction: Exclude<BlokRestriction, { kind: "any" }>): string[] {
  const known = model.componentNames;
  switch (restriction.kind) {
    case "components":
      return [...new Set(restriction.names.filter((name) => known.has(name)))].sort(compareNames);
    case "groups": {
      const groups = new Set(restriction.uuids);
      // Subgroups are members of their group's union; follow them to any depth.
      for (let grew = true; grew; ) {
        grew = false;
        for (const group of model.groups) {
          if (group.parentUuid !== undefined && groups.has(group.parentUuid) && !groups.has(group.uuid)) {
            groups.add(group.uuid);
            grew = true;
          }
        }
      }
      return model.components
        .filter((c) => c.groupUuid !== undefined && groups.has(c.groupUuid))
        .map((c) => c.name)
        .sort(compareNames);
    }
    case "tags":
      return model.components
        .filter((c) => c.tagIds.some((id) => restriction.ids.includes(id)))
        .map((c) => c.name)
        .sort(compareNames);
  }
}
