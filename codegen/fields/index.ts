export type { FieldContext, PluginTypes } from "./context.js";
export { fieldKind, isFieldType } from "./kinds.js";
export type { FieldRuleData } from "./rules.js";
