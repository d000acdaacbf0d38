import { fieldKind, type FieldContext, type FieldRuleData } from "../fields/index.js";
import type { ComponentModel, GeneratedFile, SchemaModel } from "../model.js";
import { sortedBy } from "../sort.js";
import { UNION_NAMES } from "../names.js";
import type { Symbols } from "../symbols.js";

/** The engine, copied beside validators.ts (emit/engine-file.ts) so the output is self-contained. */
const ENGINE_MODULE = "./engine";

/**
 * validators.ts: the schema's rules as data (one small tuple per field) and
 * three typed entry points over the one engine. Data rather than code per
 * field keeps the file small enough to ship to the browser.
 */
export function validatorsFile(model: SchemaModel, symbols: Symbols, header: string): GeneratedFile {
  const blocks = sortedBy(model.components, (c) => c.name).map((component) => blockRule(component, model, symbols));
  // Each list's key (its JSON text) computed once, in order of use.
  const keys = new Map<readonly string[], string>();
  const used: string[] = [];
  for (const block of blocks)
    for (const [, rule] of block.fields)
      for (const item of rule) {
        if (!isList(item)) continue;
        const key = keys.get(item) ?? listKey(item);
        keys.set(item, key);
        used.push(key);
      }
  const lists = sharedLists(used);
  const write = (rule: FieldRuleData) =>
    `[${rule.map((item) => (isList(item) ? (lists.get(keys.get(item)!) ?? listText(item)) : JSON.stringify(item))).join(", ")}]`;
  const blockLines = blocks.map(({ key, placement, fields, translatable }) => {
    // A block's translatable fields close its rule, on the line that closes its fields.
    const end = translatable.length === 0 ? "]" : `, ${listText(translatable)}]`;
    return fields.length === 0
      ? `  ${key}: [${placement}, {}${end}`
      : [`  ${key}: [${placement}, {`, fields.map(([field, rule]) => `    ${field}: ${write(rule)}`).join(",\n"), `  }${end}`].join("\n");
  });
  const listLines = [...lists.keys()].map((key) => `  ${listText(JSON.parse(key) as string[])}`);
  const { nestable, byComponent } = UNION_NAMES;
  const body = [
    `import { checkBlok as check, parseRules, validateBlok as validate, type BlokCheck, type BlokProblem, type BlokRules, type ValidateOptions } from "${ENGINE_MODULE}";`,
    `import type { ${byComponent}, ${nestable} } from "./components";`,
    `import { LANGUAGE_CODES } from "./locales";`,
    "",
    "/**",
    " * Per block: [placement, fields, translatable fields?]; placement 1 = content type, 2 = nestable, 3 = both.",
    " * Per field: [kind, required (1) or not (0), …]; the kinds are in engine.ts.",
    " * A block with translatable fields lists them third: only they may have translations",
    " * (`title__i18n__nl`), in the languages of LANGUAGE_CODES.",
    " * A list that several fields share is written once, below the blocks, and a field names it",
    ' * as "#0", "#1", ….',
    " *",
    " * JSON text rather than an object literal: tsc has nothing to infer in it (an object",
    " * literal cost ~0.35 s of type-checking per 1,000 components), JavaScript engines parse",
    " * JSON faster than the same literal, and a block named `__proto__` stays a block.",
    " * One field per line keeps schema changes readable in a diff.",
    " */",
    `export const BLOK_RULES: BlokRules = parseRules(${templateLiteral(`{\n${blockLines.join(",\n")}\n}`)}, ${templateLiteral(listLines.length === 0 ? "[]" : `[\n${listLines.join(",\n")}\n]`)});`,
    "",
    "/** Every problem with a block and the blocks inside it (`strict` adds what authors should fix); translations in the space's languages. */",
    "export function validateBlok(value: unknown, options?: ValidateOptions): BlokProblem[] {",
    "  return validate(BLOK_RULES, value, { languages: LANGUAGE_CODES, ...options });",
    "}",
    "",
    "/** Whether a value is a block (of the kind named) with the shape its type promises. */",
    `export function isBlok<K extends keyof ${byComponent}>(value: unknown, component?: K): value is ${byComponent}[K] {`,
    "  return validate(BLOK_RULES, value, { placement: 3, allowed: component === undefined ? 0 : [component], languages: LANGUAGE_CODES }).length === 0;",
    "}",
    "",
    "/** For the site: a nestable block that is safe to render, or why not (one line per problem). */",
    `export function checkBlok(blok: unknown): BlokCheck<${nestable}> {`,
    `  return check<${nestable}>(BLOK_RULES, blok, LANGUAGE_CODES);`,
    "}",
  ];
  return { path: "validators.ts", contents: `${header}\n${body.join("\n")}\n` };
}

/** A template literal whose value is `text`: backslashes, backticks and `${` escaped. */
function templateLiteral(text: string): string {
  return `\`${text.replace(/\\|`|\$\{/g, (match) => `\\${match}`)}\``;
}

interface BlockRule {
  key: string;
  placement: number;
  fields: [key: string, rule: FieldRuleData][];
  /** The translatable fields' keys, sorted. */
  translatable: string[];
}

function blockRule(component: ComponentModel, model: SchemaModel, symbols: Symbols): BlockRule {
  // Components that are neither root nor nestable count as nestable, as in NestableBlok.
  const placement = (component.isRoot ? 1 : 0) + (component.isNestable || !component.isRoot ? 2 : 0);
  const fields: BlockRule["fields"] = [];
  const sorted = sortedBy(component.fields, (f) => f.key);
  if (sorted.length > 0) {
    // One context for the component, pointed at each field in turn, as in the components file.
    const context: FieldContext = {
      model,
      component,
      field: sorted[0]!,
      symbols,
      plugins: {},
      use: (name) => name,
      // Rules hold component names, not types; the components file declares the aliases.
      declareBloksAlias: () => symbols.bloks.get(component.name)?.get(context.field.key) ?? "never",
      // The type transform of the same field has reported already.
      warn: () => {},
    };
    for (const field of sorted) {
      context.field = field;
      const rule = fieldKind(field).rule(context, field.required ? 1 : 0);
      if (rule !== undefined) fields.push([JSON.stringify(field.key), rule]);
    }
  }
  const translatable = sortedBy(
    component.fields.filter((field) => field.translatable),
    (f) => f.key,
  ).map((field) => field.key);
  return { key: JSON.stringify(component.name), placement, fields, translatable };
}

const isList = (item: FieldRuleData[number]): item is readonly string[] => Array.isArray(item);
const listKey = (list: readonly string[]) => JSON.stringify(list);
/** `["a", "b"]`, spaced as the rest of the generated code. */
const listText = (list: readonly string[]) => `[${list.map((item) => JSON.stringify(item)).join(", ")}]`;

/** Lists (option values, whitelists; by listKey) used twice or more, named `"#0"`, `"#1"`, … in order of first use. */
function sharedLists(keys: readonly string[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const [key, count] of counts) if (count > 1) names.set(key, JSON.stringify(`#${names.size}`));
  return names;
}
