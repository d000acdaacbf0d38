import type { ComponentModel, Diagnostic, FieldModel } from "../model";
import { isObject, readBoolean, readStringList, readText, type RawObject } from "./coerce";
import { normaliseField } from "./field";

/** Reads one raw component; undefined (with an error) when it has no usable name. */
export function normaliseComponent(
  raw: RawObject,
  index: number,
  report: (diagnostic: Diagnostic) => void,
): ComponentModel | undefined {
  const name = readText(raw.name);
  if (name === undefined) {
    report({ severity: "error", message: `component #${index + 1} has no \`name\`` });
    return undefined;
  }
  if (raw.schema !== undefined && !isObject(raw.schema)) {
    report({ severity: "error", component: name, message: "`schema` is not an object of fields" });
    return undefined;
  }
  const fields: FieldModel[] = [];
  for (const [key, rawField] of Object.entries(raw.schema ?? {})) {
    const field = normaliseField(name, key, rawField, report);
    if (field) fields.push(field);
  }
  return {
    name,
    displayName: readText(raw.display_name),
    isRoot: readBoolean(raw.is_root),
    isNestable: readBoolean(raw.is_nestable),
    groupUuid: readText(raw.component_group_uuid),
    tagIds: readTagIds(raw),
    fields,
  };
}

/** Tag ids arrive as `internal_tag_ids: ["12"]` or as `internal_tags_list: [{id: 12}]`. */
function readTagIds(raw: RawObject): string[] {
  const ids = readStringList(raw.internal_tag_ids);
  if (Array.isArray(raw.internal_tags_list)) {
    for (const tag of raw.internal_tags_list) {
      const id = isObject(tag) ? readText(tag.id) : undefined;
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}
