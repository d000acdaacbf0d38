/**
 * Every diagnostic's stable code, and how a group of them is summed up in one
 * line (`119 option fields without option values, typed as string`). Codes
 * are part of the CLI's interface (`--no-warn CODE`): rename none, add new ones.
 */
export const WARNINGS = {
  "option-without-values": "option fields without option values, typed as string",
  "datasource-unknown": "datasource option fields whose entries are unknown, typed as string",
  "option-source-unknown": "option fields with an unknown source, typed as string",
  "custom-without-field-type": "custom fields without a field_type, typed as unknown",
  "plugin-unknown": "custom fields of a plugin with no known type, typed as unknown (map them in plugins.json)",
  "whitelist-unknown-component": "whitelists naming a component that is not typed, left out",
  "whitelist-unknown-group": "whitelists naming a component group that is not in the schema, left out",
  "filter-unknown-content-type": "story filters naming a content type that is not typed, left out",
  "bloks-allow-none": "bloks fields that restrict their blocks but allow none, typed as never[]",
  "richtext-allows-no-blocks": "rich-text fields that restrict their blocks but allow none, typed as RichTextDoc<never>",
  "field-shadows-block-key": "fields named like a block's own keys (component, _uid, _editable), left out of the type",
  "duplicate-component": "components listed more than once with one definition, collapsed",
  "conflicting-duplicate": "components listed more than once with different definitions, the most recently updated kept",
  "name-without-letters": "component names with no letters or digits",
  "name-collision": "type names that were taken, suffixed",
  "group-name-collision": "component group names that were taken, suffixed",
  "alias-collision": "bloks aliases that were taken, suffixed",
  "relation-not-story-field": "resolve_relations entries that name no story field",
  "inline-not-nestable": "inline entries that name no nestable block, ignored",
  "translatable-ignored": "translatable fields of a kind Storyblok does not translate (bloks, tab, section), not translated",
} as const;

export const ERRORS = {
  "document-not-object": "schema documents that are not JSON objects or arrays",
  "document-not-schema": "documents that hold neither components nor component groups",
  "relations-invalid": "relations files without a resolve_relations array",
  "resolve-links-invalid": "resolve_links values other than story, url or link",
  "languages-invalid": "languages files that are not the space's languages ({ default_lang_name, languages: [{ code, name }] })",
  "default-locale-invalid": "default locales that are no language code, or that the space lists as another language",
  "component-without-name": "components without a name, skipped",
  "schema-not-object": "components whose schema is not an object, skipped",
  "field-not-object": "components with a field definition that is not an object, skipped",
  "field-without-type": "components with a field without a type, skipped",
  "field-type-unknown": "components with a field of an unknown type, skipped",
} as const;

export type WarningCode = keyof typeof WARNINGS;
export type ErrorCode = keyof typeof ERRORS;
export type DiagnosticCode = WarningCode | ErrorCode;

export const WARNING_CODES: readonly string[] = Object.keys(WARNINGS);
