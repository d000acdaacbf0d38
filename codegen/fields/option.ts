import { UNION_NAMES } from "../names.js";
import { compareNames } from "../sort.js";
import { arrayOf, type FieldContext, type FieldTransform } from "./context.js";

/** option: one value. Its type depends on where the values come from. */
export const optionField: FieldTransform = (context) => valueType(context, false);

/** options: several values of the same type, as an array. */
export const optionsField: FieldTransform = (context) => arrayOf(valueType(context, true));

/**
 * Story references are uuids as stored. A field the project's requests
 * resolve (relations.json, or the config's `relations`) is typed as they
 * deliver it: a story of the content types the field allows, or its uuid
 * when Storyblok could not resolve it (unpublished, deleted, over the
 * relation limit), as storyblok-js-client leaves it. One request's exact
 * answer is `ResolvedStory` (relations.ts).
 */
function valueType(context: FieldContext, multiple: boolean): string {
  if (context.field.source === "internal_stories") return isResolved(context) ? `string | ${resolvedStory(context)}` : "string";
  const values = optionValues(context, multiple);
  return values === undefined ? "string" : values.map((value) => JSON.stringify(value)).join(" | ");
}

/**
 * The values an option field's type lists, in order, or undefined when it is
 * typed `string` (values not in the schema). The type and the runtime rule in
 * validators.ts both come from this list. Not for `internal_stories`.
 */
export function optionValues(context: FieldContext, multiple: boolean): string[] | undefined {
  const { field } = context;
  switch (field.source) {
    case "self":
      return withEmpty(context, field.optionValues, multiple);
    case "internal": {
      const datasources = context.model.datasources;
      const slug = field.datasourceSlug;
      const entries = slug === undefined ? undefined : datasources?.get(slug);
      if (entries !== undefined) return withEmpty(context, entries, multiple);
      const why =
        slug === undefined
          ? "names no datasource (no `datasource_slug`)"
          : datasources === undefined
            ? `reads datasource "${slug}", but no datasources file was found (datasources.json or <schema>.datasources.json beside the schema, or --datasources)`
            : `reads datasource "${slug}", which is not in the datasources file`;
      context.warn("datasource-unknown", `${why}; typed as string`);
      return undefined;
    }
    // Language codes and values from an external JSON URL are not in the schema.
    case "internal_languages":
    case "external":
      return undefined;
    default:
      context.warn("option-source-unknown", `unknown option source "${field.source}"; typed as string`);
      return undefined;
  }
}

/**
 * A single optional option may be saved empty, and the API then sends `""`;
 * `exclude_empty_option` removes the empty choice from the editor.
 */
function withEmpty(context: FieldContext, values: string[], multiple: boolean): string[] | undefined {
  if (values.length === 0) {
    context.warn("option-without-values", "has no option values; typed as string");
    return undefined;
  }
  const emptyAllowed = !multiple && !context.field.required && !context.field.excludeEmptyOption;
  return emptyAllowed && !values.includes("") ? [...values, ""] : values;
}

/** `StoryblokStory<…>` of the content types the field's `filter_content_type` allows that are typed; of any content type when none is. */
function resolvedStory(context: FieldContext): string {
  const types = [...new Set(context.field.filterContentType.flatMap((name) => context.symbols.blok.get(name) ?? []))].sort(compareNames);
  return `${context.use("StoryblokStory")}<${types.length > 0 ? types.join(" | ") : UNION_NAMES.contentType}>`;
}

/** Whether the field is listed in `resolve_relations` (relations.json): its rule then accepts a resolved story as well as a uuid. */
export function isResolved(context: FieldContext): boolean {
  return context.model.resolveRelations.includes(`${context.component.name}.${context.field.key}`);
}
