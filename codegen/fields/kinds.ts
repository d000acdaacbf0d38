import type { FieldModel } from "../model.js";
import { assetKind, multiassetKind } from "./asset.js";
import { bloksKind } from "./bloks.js";
import { customKind } from "./custom.js";
import type { FieldKind } from "./kind.js";
import { multilinkKind } from "./multilink.js";
import { optionKind, optionsKind } from "./option-kind.js";
import { richtextKind } from "./richtext.js";
import { booleanKind, datetimeKind, fileKind, imageKind, layoutKind, numberKind, textKind } from "./scalar.js";
import { tableKind } from "./table.js";

/**
 * The Storyblok field types the generator knows. Each has an entry in
 * FIELD_KINDS below, which the compiler holds to this union: a type added
 * here without its transform, rule and markup does not compile. A schema may
 * still hold another type (a newer Storyblok kind, a typo); generate() reports
 * it as `field-type-unknown` and leaves its component out.
 */
export type FieldType =
  | "text"
  | "textarea"
  | "markdown"
  | "number"
  | "datetime"
  | "boolean"
  | "option"
  | "options"
  | "bloks"
  | "asset"
  | "multiasset"
  | "image"
  | "file"
  | "multilink"
  | "richtext"
  | "table"
  | "custom"
  | "tab"
  | "section";

/**
 * Storyblok field `type` → what the generator does with it (type, rule,
 * scaffold markup). `satisfies` holds it to FieldType: a kind added to the
 * union but not here, or listed here without one of its parts, is a compile error.
 */
const FIELD_KINDS = {
  text: textKind,
  textarea: textKind,
  markdown: textKind,
  number: numberKind,
  datetime: datetimeKind,
  boolean: booleanKind,
  option: optionKind,
  options: optionsKind,
  bloks: bloksKind,
  asset: assetKind,
  multiasset: multiassetKind,
  image: imageKind,
  file: fileKind,
  multilink: multilinkKind,
  richtext: richtextKind,
  table: tableKind,
  custom: customKind,
  tab: layoutKind,
  section: layoutKind,
} as const satisfies Readonly<Record<FieldType, FieldKind>>;

/** Whether the generator knows this field type; a schema may hold others (a newer Storyblok kind, a typo). */
export function isFieldType(type: string): type is FieldType {
  return Object.hasOwn(FIELD_KINDS, type);
}

/**
 * The kind of a field that generate() let through. Components with a field of
 * an unknown type are reported (`field-type-unknown`) and left out before the
 * emitters run, so reaching one here is a bug in the caller, said aloud.
 */
export function fieldKind(field: FieldModel): FieldKind {
  if (!isFieldType(field.type))
    throw new Error(`field "${field.key}" has the unknown type "${field.type}"; analyseSchema() leaves out components with such fields`);
  return FIELD_KINDS[field.type];
}
