import { UNION_NAMES } from "../symbols";
import { compareNames } from "../sort";
import type { FieldContext } from "./context";

/**
 * The union of blocks a `bloks` or `richtext` field accepts, written with the
 * named unions (`NestableBlok`, `SectionsGroupBlok`) so output does not repeat
 * long member lists. `never` when the field allows no block at all.
 */
export function blokUnion(context: FieldContext): string {
  const { field, model, symbols, warn } = context;
  const restriction = field.restriction;
  let members: string[];
  switch (restriction.kind) {
    case "any":
      return UNION_NAMES.nestable;
    case "components":
      members = restriction.names.flatMap((name) => {
        const type = symbols.blok.get(name);
        if (type === undefined) warn(`whitelists component "${name}", which is not in the schema; it is left out`);
        return type === undefined ? [] : [type];
      });
      break;
    case "groups":
      members = restriction.uuids.flatMap((uuid) => {
        const type = symbols.group.get(uuid);
        if (type === undefined) warn(`whitelists component group "${uuid}", which is not in the schema; it is left out`);
        return type === undefined ? [] : [type];
      });
      break;
    case "tags":
      members = model.components
        .filter((component) => component.tagIds.some((id) => restriction.ids.includes(id)))
        .flatMap((component) => symbols.blok.get(component.name) ?? []);
      break;
  }
  if (members.length === 0) return "never";
  return [...new Set(members)].sort(compareNames).join(" | ");
}
