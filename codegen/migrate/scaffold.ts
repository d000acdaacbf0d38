/**
 * The text of a migration scaffold, `migrations/<id>.ts`: one function per
 * changed block, from the block as it was (the types generated from the
 * previous snapshot, `<id>/before/`) to the block as it is now (`<id>/after/`,
 * the same types as src/generated when it was written, kept beside the
 * migration so it still compiles after the schema moves on).
 *
 * What content may not survive is left as a typed hole that tsc rejects,
 * each naming its field: `todo('…')` where a value is still to be written
 * (a new required field, a retyped field), `decide('…')` where a removed
 * field's value would be lost. Both take a parameter of type `never`, so
 * the message itself is the compile error. Everything else is written out:
 * confirmed renames, fields that keep their values.
 *
 * A translatable field's other languages (`title__i18n__nl`, which the types do
 * not name) go where the field goes, through the helpers that carry them: a
 * rename is `renameField`, a conversion `convertField` (each language's value
 * converted), a removed field's are dropped (`dropTranslations`), and a field no
 * longer translatable leaves a `decide` over its translations.
 */
import { formatChange, type ComponentChange, type ParsedBlocks } from "../drift/semantic-summary.js";
import type { TranslatableFields } from "../drift/translation-changes.js";
import { fitsWithoutMigration } from "./compatibility.js";
import type { Rename } from "./renames.js";

export interface ScaffoldInput {
  /** `<timestamp>-<name>`: the file's and its folder's name. */
  id: string;
  /** Where the schema it migrates from and to are snapshotted, as the header names them. */
  previousSnapshot: string;
  snapshot: string;
  changes: readonly ComponentChange[];
  /** The blocks as generated before and after (codegen/drift/semantic-summary.ts's parse). */
  before: ParsedBlocks;
  after: ParsedBlocks;
  renames: readonly Rename[];
  suggestions: readonly Rename[];
  /** Each side's translatable fields (locales.ts's TRANSLATABLE_FIELDS): whose translations a change must carry. */
  translatable: { before: TranslatableFields; after: TranslatableFields };
  /** Module specifiers, relative to the migration file. */
  imports: { before: string; after: string; helpers: string };
}

/** Field types that hold blocks (bloks, rich text with blocks, resolved stories) name a generated block type. */
const HOLDS_BLOCKS = /[\w$]+Bloks?\b/;

export function migrationScaffold(input: ScaffoldInput): string {
  const blocks = changedBlocks(input.changes);
  const functions = [...blocks].map(([block, changes]) => blockFunction(block, changes, input));
  const used = new Set(functions.flatMap((fn) => fn.uses));
  const helpers = [
    "defineMigration",
    ...["convertField", "decide", "dropTranslations", "renameField", "todo"].filter((name) => used.has(name)),
  ];
  const typeHelpers = used.has("Migrating") ? [", type Migrating"] : [];
  return [
    ...header(input),
    `import type * as After from "${input.imports.after}";`,
    `import type * as Before from "${input.imports.before}";`,
    `import { ${helpers.join(", ")}${typeHelpers.join("")} } from "${input.imports.helpers}";`,
    "",
    "export default defineMigration<Before.BlokByComponent, After.BlokByComponent>({",
    functions.map((fn) => fn.lines.join("\n")).join("\n\n"),
    "});",
    "",
  ].join("\n");
}

function header(input: ScaffoldInput): string[] {
  const renamed = input.renames.map(({ block, from, to }) => ` *   ${block}.${from} → ${to}`);
  const suggested = input.suggestions.map(
    ({ block, from, to }) => ` *   ${block}.${from} → ${to}? (confirm with --rename ${block}.${from}=${to})`,
  );
  return [
    "/**",
    ` * Migration ${input.id}: makes content written for the schema in`,
    ` *   ${input.previousSnapshot}`,
    " * fit the schema in",
    ` *   ${input.snapshot}.`,
    " *",
    " * What changed (as `portfolio check` lists it):",
    ...input.changes.map((change) => ` *   ${formatChange(change)}`),
    ...(renamed.length > 0 ? [" *", " * Renames (confirmed with --rename):", ...renamed] : []),
    ...(suggested.length > 0 ? [" *", " * Perhaps renames (not assumed):", ...suggested] : []),
    " *",
    " * One function per changed block, from the block as it was (Before) to the",
    " * block as it is now (After). `portfolio migrate run` calls it for every such",
    " * block in every story, published and draft, once the blocks inside it are",
    " * migrated; it may return several blocks, which take its place. tsc fails",
    " * while a `todo(…)` or `decide(…)` is left: each names what is still to do.",
    " */",
  ];
}

/** The blocks that get a function: a block added needs none, nor one whose fields only became translatable (their values stay as they are). */
function changedBlocks(changes: readonly ComponentChange[]): Map<string, ComponentChange[]> {
  const blocks = new Map<string, ComponentChange[]>();
  const needsFunction = new Set(changes.filter((change) => change.kind !== "field-translated").map((change) => change.block));
  for (const change of changes) {
    if (change.kind === "block-added" || !needsFunction.has(change.block)) continue;
    blocks.set(change.block, [...(blocks.get(change.block) ?? []), change]);
  }
  return blocks;
}

interface FunctionText {
  lines: string[];
  uses: string[];
}

function blockFunction(block: string, changes: readonly ComponentChange[], input: ScaffoldInput): FunctionText {
  const was = input.before.get(block)!;
  const key = propertyKey(block);
  const listed = changes.map((change) => `  // ${formatChange(change)}`);
  const now = input.after.get(block);
  if (now === undefined) {
    return {
      uses: ["todo"],
      lines: [
        ...listed,
        `  ${key}(block: Before.${was.typeName}): After.AnyBlok[] {`,
        `    return todo(${tsString(`block ${block} was removed: return the blocks that replace it ([] drops it)`)});`,
        "  },",
      ],
    };
  }

  const renamedTo = new Map(input.renames.filter((r) => r.block === block).map((r) => [r.from, r.to]));
  const renamedFrom = new Set(input.renames.filter((r) => r.block === block).map((r) => r.to));
  // Translatable on either side, a field may hold translations: content can be translated before a snapshot records the flag.
  const translatable = new Set([...(input.translatable.before.get(block) ?? []), ...(input.translatable.after.get(block) ?? [])]);
  const locals = new LocalNames();
  const taken: [field: string, local: string][] = [];
  /** Renames that carry translations, and fields whose translations go: applied to the spread block. */
  const translatedRenames: [from: string, to: string][] = [];
  const untranslated: string[] = [];
  const statements: string[] = [];
  const properties: string[] = [];
  const uses = new Set<string>();

  for (const change of changes) {
    if (change.kind !== "field-removed") continue;
    const to = renamedTo.get(change.field);
    if (to !== undefined && translatable.has(change.field)) {
      translatedRenames.push([change.field, to]);
      properties.push(`    // ${propertyKey(to)}: renamed from ${change.field} (--rename), with its translations (renameField above)`);
      uses.add("renameField");
      continue;
    }
    const local = locals.name(change.field);
    taken.push([change.field, local]);
    if (to !== undefined) {
      properties.push(`    ${propertyKey(to)}: ${local}, // renamed from ${change.field} (--rename)`);
      continue;
    }
    if (translatable.has(change.field)) untranslated.push(change.field);
    const suggestion = input.suggestions.find((s) => s.block === block && s.from === change.field);
    if (suggestion)
      statements.push(
        `    // ${change.field} → ${suggestion.to} looks like a rename (same type): if it is one, write \`${propertyKey(suggestion.to)}: ${local}\` below and delete its todo and this decide.`,
      );
    statements.push(
      `    decide(${tsString(`${block}.${change.field} was removed: use its value (${local}) in the result or drop it, then delete this line`)});`,
    );
    uses.add("decide");
  }
  for (const change of changes) {
    if (change.kind === "field-added" && !renamedFrom.has(change.field)) {
      if (change.type.startsWith("?")) {
        properties.push(
          `    // ${propertyKey(change.field)}${change.type} is new and optional: set it here if existing content should fill it.`,
        );
      } else {
        properties.push(
          `    ${propertyKey(change.field)}: todo(${tsString(`${block}.${change.field} is new and required (${bare(change.type)}): give it a value`)}),`,
        );
        uses.add("todo");
      }
    }
    if (change.kind === "field-retyped") {
      if (fitsWithoutMigration(change.was, change.type)) {
        properties.push(
          `    // ${propertyKey(change.field)} was ${typeText(change.was)}, is now ${typeText(change.type)}: every old value still fits.`,
        );
      } else if (translatable.has(change.field)) {
        // Each language's value goes through the same conversion.
        const value = locals.name(change.field);
        const message = `${block}.${change.field} was ${typeText(change.was)}, is now ${typeText(change.type)}: convert ${value} (every language's value in turn)`;
        properties.push(`    ...convertField(block, ${JSON.stringify(change.field)}, (${value}) => todo(${tsString(message)})),`);
        uses.add("convertField").add("todo");
      } else {
        const message = `${block}.${change.field} was ${typeText(change.was)}, is now ${typeText(change.type)}: convert block.${change.field}`;
        properties.push(`    ${propertyKey(change.field)}: todo(${tsString(message)}),`);
        uses.add("todo");
      }
    }
    if (change.kind === "field-untranslated") {
      untranslated.push(change.field);
      statements.push(
        `    decide(${tsString(
          `${block}.${change.field} is no longer translatable: its translations (${change.field}__i18n__…) are dropped below; to keep one language's text as its value instead, set ${change.field} from translationOf(block, "${change.field}", code), then delete this line`,
        )});`,
      );
      uses.add("decide");
    }
    if (change.kind === "field-translated") {
      properties.push(`    // ${propertyKey(change.field)} is now translatable: its value stays the default language's, to be translated.`);
    }
  }
  if (untranslated.length > 0) uses.add("dropTranslations");

  const nested = nestedFields(block, changes, input);
  const parameter =
    nested.length === 0
      ? `Before.${was.typeName}`
      : `Migrating<Before.${was.typeName}, After.${now.typeName}, ${nested.map((f) => JSON.stringify(f)).join(" | ")}>`;
  if (nested.length > 0) uses.add("Migrating");
  let source = taken.length === 0 ? "block" : "kept";
  for (const [from, to] of translatedRenames) source = `renameField(${source}, ${JSON.stringify(from)}, ${JSON.stringify(to)})`;
  if (untranslated.length > 0) source = `dropTranslations(${source}, ${untranslated.map((field) => JSON.stringify(field)).join(", ")})`;
  const destructure =
    taken.length === 0
      ? []
      : [
          `    const { ${taken.map(([field, local]) => (propertyKey(field) === local ? local : `${propertyKey(field)}: ${local}`)).join(", ")}, ...kept } = block;`,
        ];
  return {
    uses: [...uses],
    lines: [
      ...listed,
      `  ${key}(block: ${parameter}): After.${now.typeName} {`,
      ...destructure,
      ...statements,
      "    return {",
      `      ...${source},`,
      ...properties.map((line) => `  ${line}`),
      "    };",
      "  },",
    ],
  };
}

/**
 * Fields that hold blocks on both sides and are not retyped beyond what
 * fits: the blocks in them are already migrated when the function runs, so
 * the parameter types them as After does (helpers' `Migrating`).
 */
function nestedFields(block: string, changes: readonly ComponentChange[], input: ScaffoldInput): string[] {
  const was = input.before.get(block)!.fields;
  const now = input.after.get(block)!.fields;
  const retyped = new Set(
    changes.filter((c) => c.kind === "field-retyped" && !fitsWithoutMigration(c.was, c.type)).map((c) => (c as { field: string }).field),
  );
  return [...now]
    .filter(([field, type]) => was.has(field) && !retyped.has(field) && HOLDS_BLOCKS.test(type) && HOLDS_BLOCKS.test(was.get(field)!))
    .map(([field]) => field);
}

/** Variable names for field values: identifiers, never a keyword or `block`/`kept`, never twice the same. */
class LocalNames {
  private readonly used = new Set(["block", "kept"]);

  name(field: string): string {
    let base = field.replace(/[^\w$]/g, "_");
    if (/^\d/.test(base)) base = `_${base}`;
    if (RESERVED.has(base)) base = `${base}_`;
    let name = base;
    for (let i = 2; this.used.has(name); i += 1) name = `${base}${i}`;
    this.used.add(name);
    return name;
  }
}

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof " +
    "new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await"
  ).split(" "),
);

function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/** `?: string` → `optional string`, `: string` → `required string`. */
function typeText(type: string): string {
  return `${type.startsWith("?") ? "optional" : "required"} ${bare(type)}`;
}

function bare(type: string): string {
  return type.replace(/^\??: /, "");
}

/** A single-quoted TypeScript string (field types are full of double quotes). */
function tsString(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, " ")}'`;
}
