import type { FieldRule } from "../engine/engine.js";
import type { FieldContext } from "./context.js";

/**
 * A field's runtime rule for src/generated/validators.ts, read by the engine
 * in codegen/engine/engine.ts (emitted as engine.ts): `[kind, required, …arguments]`, trailing
 * absent arguments left off. Derived from the same model and helpers as the
 * field's type, so a value passes the rule when it has the type's shape.
 * `undefined` for fields that hold no data (tab, section).
 */
export type FieldRuleData = readonly (string | number | readonly string[])[];

/** A field kind's rule (each kind's module, listed in kinds.ts). */
export type RuleTransform = (context: FieldContext, required: 0 | 1) => FieldRuleData | undefined;

/** A rule with no arguments: `[kind, required]`; the kind one the engine checks, so a misspelt one does not compile. */
export const simpleRule =
  (kind: FieldRule[0]): RuleTransform =>
  (_context, required) => [kind, required];

/** The rule without its trailing absent arguments. */
export function trimRule(rule: (string | number | readonly string[] | undefined)[]): FieldRuleData {
  while (rule.length > 0 && rule[rule.length - 1] === undefined) rule.pop();
  return rule as FieldRuleData;
}
