import type { FieldModel } from "../model.js";
import type { FieldTransform } from "./context.js";
import type { Markup } from "./markup.js";
import type { RuleTransform } from "./rules.js";

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
