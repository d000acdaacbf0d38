import type { BlokRestriction, Diagnostic, FieldModel } from "../model.js";
import { compareNames } from "../sort.js";
import { isObject, readBoolean, readCount, readString, readStringList, readText, type RawObject } from "./coerce.js";

/** Reads one entry of a component's `schema` object into a FieldModel. */
export function normaliseField(
  component: string,
  key: string,
  raw: unknown,
  report: (diagnostic: Diagnostic) => void,
): FieldModel | undefined {
  if (!isObject(raw)) {
    report({
      severity: "error",
      code: "field-not-object",
      component,
      field: key,
      message: "field definition is not an object; the component is skipped",
    });
    return undefined;
  }
  const type = readText(raw.type);
  if (type === undefined) {
    report({
      severity: "error",
      code: "field-without-type",
      component,
      field: key,
      message: "field has no `type`; the component is skipped",
    });
    return undefined;
  }
  if (readBoolean(raw.translatable) && UNTRANSLATED_TYPES.has(type)) {
    report({
      severity: "warning",
      code: "translatable-ignored",
      component,
      field: key,
      message: `a ${type} field is not translated by Storyblok (${type === "bloks" ? "the fields of its blocks are" : "it holds no data"}): \`translatable\` is ignored`,
    });
  }
  return {
    key,
    type,
    required: readBoolean(raw.required),
    description: readText(raw.description),
    source: readText(raw.source) ?? "self",
    optionValues: readOptionValues(raw.options),
    excludeEmptyOption: readBoolean(raw.exclude_empty_option),
    filterContentType: readStringList(raw.filter_content_type).sort(compareNames),
    datasourceSlug: readText(raw.datasource_slug),
    restriction: readRestriction(raw),
    allowEmailLinks: readBoolean(raw.email_link_type),
    allowAssetLinks: readBoolean(raw.asset_link_type),
    linkContentTypes:
      type === "multilink" && readBoolean(raw.restrict_content_types) ? readStringList(raw.component_whitelist).sort(compareNames) : [],
    maxLength: readCount(raw.max_length),
    maxOptions: readCount(raw.max_options),
    minimum: readCount(raw.minimum),
    maximum: readCount(raw.maximum),
    pluginName: readText(raw.field_type),
    translatable: readBoolean(raw.translatable) && !UNTRANSLATED_TYPES.has(type),
  };
}

/**
 * Field kinds Storyblok never translates, whatever `translatable` says: a bloks field's
 * blocks are the same in every language (their own fields are translated), and tab and
 * section hold no data. normaliseField warns about the flag on them.
 */
const UNTRANSLATED_TYPES: ReadonlySet<string> = new Set(["bloks", "tab", "section"]);

/** Option values in schema order, without duplicates; numbers become strings as the API sends them. */
function readOptionValues(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  const values: string[] = [];
  for (const option of options) {
    const value = isObject(option) ? readString(option.value) : undefined;
    if (value !== undefined && !values.includes(value)) values.push(value);
  }
  return values;
}

/**
 * `restrict_components` switches the whitelist on; `restrict_type` picks which
 * whitelist applies. An empty `restrict_type` (saved by older spaces) means the
 * component whitelist.
 */
function readRestriction(raw: RawObject): BlokRestriction {
  if (!readBoolean(raw.restrict_components)) return { kind: "any" };
  switch (readText(raw.restrict_type)) {
    case "groups":
      return { kind: "groups", uuids: readStringList(raw.component_group_whitelist), listed: Array.isArray(raw.component_group_whitelist) };
    case "tags":
      return { kind: "tags", ids: readStringList(raw.component_tag_whitelist), listed: Array.isArray(raw.component_tag_whitelist) };
    default:
      return { kind: "components", names: readStringList(raw.component_whitelist), listed: Array.isArray(raw.component_whitelist) };
  }
}
