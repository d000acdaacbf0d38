import type { FieldModel } from "../model.js";
import type { FieldTransform } from "./context.js";
import type { Markup } from "./markup.js";
import type { RuleTransform } from "./rules.js";

/**
 * The Storyblok field types the generator knows. Each has an entry in
 * FIELD_KINDS (kinds.ts), which the compiler holds to this union: a type added
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

/** Scaffold markup for one field: JSX that compiles against the type `transform` gives it; undefined when there is nothing to show. */
export type MarkupTransform = (field: FieldModel, resolved: boolean) => Markup | undefined;

/** Everything the generator does with one field kind, in one place. */
export interface FieldKind {
  /** Its TypeScript type in components.ts. */
  transform: FieldTransform;
  /** Its runtime rule in validators.ts, derived from the same model as the type. */
  rule: RuleTransform;
  /** Its plain rendering in a scaffolded renderer. */
  markup: MarkupTransform;
}
