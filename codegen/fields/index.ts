import { assetField, multiassetField } from "./asset.js";
import { bloksField } from "./bloks.js";
import type { FieldTransform } from "./context.js";
import { customField } from "./custom.js";
import { multilinkField } from "./multilink.js";
import { optionField, optionsField } from "./option.js";
import { richtextField } from "./richtext.js";
import { booleanField, datetimeField, layoutField, legacyFileField, numberField, textField } from "./scalar.js";
import { tableField } from "./table.js";

/** Storyblok field `type` → its transform. A type missing here is an error, never a silent drop. */
export const FIELD_TRANSFORMS: Readonly<Record<string, FieldTransform>> = {
  text: textField,
  textarea: textField,
  markdown: textField,
  number: numberField,
  datetime: datetimeField,
  boolean: booleanField,
  option: optionField,
  options: optionsField,
  bloks: bloksField,
  asset: assetField,
  multiasset: multiassetField,
  image: legacyFileField,
  file: legacyFileField,
  multilink: multilinkField,
  richtext: richtextField,
  table: tableField,
  custom: customField,
  tab: layoutField,
  section: layoutField,
};

export type { FieldContext, FieldTransform, PluginTypes } from "./context.js";
export { FIELD_RULES, type FieldRuleData } from "./rules.js";
