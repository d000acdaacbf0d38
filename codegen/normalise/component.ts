import type { ComponentModel, Diagnostic, FieldModel } from "../model.js";
import { isObject, readBoolean, readCount, readStringList, readText, type RawObject } from "./coerce.js";
import { normaliseField } from "./field.js";

/**
 * Keys every block carries in the API's JSON. A field saved under one of them
 * (Storyblok accepts `component` as a field key) cannot have its own value at
 * that key: the API sends the block's name, uid or editor attribute there.
 */
const BLOCK_KEYS = new Set(["component", "_uid", "_editable"]);

/** Reads one raw component; undefined (with an error) when it has no usable name or fields. */
export function normaliseComponent(raw: RawObject, index: number, report: (diagnostic: Diagnostic) => void): ComponentModel | undefined {
  const name = readText(raw.name);
  if (name === undefined) {
    report({ severity: "error", code: "component-without-name", component: `#${index + 1}`, message: "has no `name`; skipped" });
    return undefined;
  }
  if (raw.schema !== undefined && !isObject(raw.schema)) {
    report({ severity: "error", code: "schema-not-object", component: name, message: "`schema` is not an object of fields; skipped" });
    return undefined;
  }
  const fields: FieldModel[] = [];
  let typable = true;
  const schema = raw.schema ?? {};
  // Keys, not entries: no [key, value] pair per field of a thousand components.
  for (const key of Object.keys(schema)) {
    const field = normaliseField(name, key, schema[key], report);
    if (field === undefined) typable = false;
    else if (BLOCK_KEYS.has(key) && !isLayoutOnly(field)) {
      report({
        severity: "warning",
        code: "field-shadows-block-key",
        component: name,
        field: key,
        message: `every block already has "${key}" (the API sends the block's own value there), so this field is left out of the type and the validator`,
      });
    } else fields.push(field);
  }
  if (!typable) return undefined;
  return {
    name,
    displayName: readText(raw.display_name),
    isRoot: readBoolean(raw.is_root),
    isNestable: readBoolean(raw.is_nestable),
    groupUuid: readText(raw.component_group_uuid),
    tagIds: readTagIds(raw),
    fields,
    id: readCount(raw.id),
    createdAt: readText(raw.created_at),
    updatedAt: readText(raw.updated_at),
  };
}

/** tab and section fields only arrange the editor; their key holds no data. */
function isLayoutOnly(field: FieldModel): boolean {
  return field.type === "tab" || field.type === "section";
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
  return ids.sort();
}
