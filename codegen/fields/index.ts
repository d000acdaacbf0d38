export type { FieldContext, FieldTransform, PluginTypes } from "./context.js";
export type { FieldKind, FieldType } from "./kind.js";
export { FIELD_KINDS, fieldKind, isFieldType } from "./kinds.js";
export type { FieldRuleData } from "./rules.js";
