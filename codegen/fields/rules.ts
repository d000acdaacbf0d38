import { allowedNames } from "./blok-union.js";
import type { FieldContext } from "./context.js";
import { isResolved, optionValues } from "./option.js";

/**
 * A field's runtime rule for src/generated/validators.ts, read by the engine
 * in codegen/engine/engine.ts (emitted as engine.ts): `[kind, required, …arguments]`, trailing
 * absent arguments left off. Derived from the same model and helpers as the
 * field's type, so a value passes the rule when it has the type's shape.
 * `undefined` for fields that hold no data (tab, section).
 */
export type FieldRuleData = readonly (string | number | readonly string[])[];

type RuleTransform = (context: FieldContext, required: 0 | 1) => FieldRuleData | undefined;

const simple =
  (kind: string): RuleTransform =>
  (_context, required) => [kind, required];

const text: RuleTransform = ({ field }, required) => trim(["text", required, field.maxLength]);

const option: RuleTransform = (context, required) =>
  context.field.source === "internal_stories"
    ? ["story", required, isResolved(context) ? 1 : 0]
    : ["option", required, optionValues(context, false) ?? 0];

const options: RuleTransform = (context, required) =>
  context.field.source === "internal_stories"
    ? trim(["stories", required, isResolved(context) ? 1 : 0, context.field.maxOptions])
    : trim(["options", required, optionValues(context, true) ?? 0, context.field.maxOptions]);

const bloks: RuleTransform = ({ model, field }, required) => {
  const { minimum, maximum } = field;
  // A maximum without a minimum keeps its place with a vacuous minimum of 0.
  return trim(["bloks", required, allowedNames(model, field.restriction), maximum === undefined ? minimum : (minimum ?? 0), maximum]);
};

const multilink: RuleTransform = ({ field }, required) => [
  "multilink",
  required,
  ["story", "url", ...(field.allowEmailLinks ? ["email"] : []), ...(field.allowAssetLinks ? ["asset"] : [])],
];

/** Storyblok field `type` → its rule; the same kinds as FIELD_TRANSFORMS. */
export const FIELD_RULES: Readonly<Record<string, RuleTransform>> = {
  text,
  textarea: text,
  markdown: text,
  image: simple("text"),
  file: simple("text"),
  number: simple("number"),
  datetime: simple("datetime"),
  boolean: simple("boolean"),
  option,
  options,
  bloks,
  asset: simple("asset"),
  multiasset: simple("multiasset"),
  multilink,
  richtext: ({ model, field }, required) => ["richtext", required, allowedNames(model, field.restriction)],
  table: simple("table"),
  custom: simple("custom"),
  tab: () => undefined,
  section: () => undefined,
};

function trim(rule: (string | number | readonly string[] | undefined)[]): FieldRuleData {
  while (rule.length > 0 && rule[rule.length - 1] === undefined) rule.pop();
  return rule as FieldRuleData;
}
