import { assetField, multiassetField } from "./asset";
import { bloksField } from "./bloks";
import type { FieldTransform } from "./context";
import { customField } from "./custom";
import { multilinkField } from "./multilink";
import { optionField, optionsField } from "./option";
import { richtextField } from "./richtext";
import { booleanField, datetimeField, layoutField, legacyFileField, numberField, textField } from "./scalar";
import { tableField } from "./table";

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

export type { FieldContext, FieldTransform, PluginTypes } from "./context";
export { FIELD_RULES, type FieldRuleData } from "./rules";
