import { RESOLVE_RELATIONS } from "../../generated/relations";

/** `component` → the relation fields it holds, from RESOLVE_RELATIONS (`"card_list.projects"`). */
export const RELATION_FIELDS: ReadonlyMap<string, readonly string[]> = RESOLVE_RELATIONS.reduce((fields, relation) => {
  const [component = "", field = ""] = relation.split(".");
  return fields.set(component, [...(fields.get(component) ?? []), field]);
}, new Map<string, string[]>());
