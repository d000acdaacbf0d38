export type { FieldContext, FieldTransform, PluginTypes } from "./context.js";
export type { FieldKind } from "./kind.js";
export { FIELD_KINDS, type FieldType, fieldKind, isFieldType } from "./kinds.js";
export type { FieldRuleData } from "./rules.js";
