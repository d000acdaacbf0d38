/**
 * `portfolio migrate new` as data: from the files generated for the
 * previous snapshot and for the schema now, what changed, which changes
 * content may not survive, which renames to suggest, and the files to
 * write under migrations/ (the scaffold and both sides' types). The CLI
 * snapshots the schema and writes them.
 */
import { componentsSource, parseComponents, type ComponentChange } from "../drift/semantic-summary.js";
import { localesSource, modelChanges, parseTranslatableFields } from "../drift/translation-changes.js";
import type { GeneratedFile } from "../model.js";
import { withHeaderCommand } from "../emit/header.js";
import { isBreaking } from "./compatibility.js";
import { renameProblems, suggestRenames, type Rename } from "./renames.js";
import { migrationScaffold } from "./scaffold.js";

/** The generated files a scaffold's types need: the blocks and the value types they use. */
export const TYPE_FILES = ["components.ts", "richtext.ts", "storyblok.ts"] as const;

export interface MigrationInput {
  /** `<timestamp>-<name>`. */
  id: string;
  /** Generated from the previous snapshot and from the schema now (codegen's generate()). */
  before: readonly GeneratedFile[];
  after: readonly GeneratedFile[];
  renames: readonly Rename[];
  /** How the scaffold's header names the two snapshots. */
  previousSnapshot: string;
  snapshot: string;
  /** The migration helpers' module, relative to the migrations folder (e.g. `../tools/migrations/helpers`). */
  helpersImport: string;
}

export interface MigrationPlan {
  changes: ComponentChange[];
  breaking: ComponentChange[];
  suggestions: Rename[];
  /** Renames that name no removed or added field: nothing should be written. */
  problems: string[];
  /** Paths relative to the migrations folder. */
  files: GeneratedFile[];
}

export function planMigration(input: MigrationInput): MigrationPlan {
  const before = parseComponents(componentsSource(input.before));
  const after = parseComponents(componentsSource(input.after));
  const changes = modelChanges(input.before, input.after);
  const problems = renameProblems(input.renames, changes);
  const suggestions = suggestRenames(changes, input.renames);
  const scaffold = migrationScaffold({
    id: input.id,
    previousSnapshot: input.previousSnapshot,
    snapshot: input.snapshot,
    changes,
    before,
    after,
    renames: input.renames,
    suggestions,
    translatable: {
      before: parseTranslatableFields(localesSource(input.before)),
      after: parseTranslatableFields(localesSource(input.after)),
    },
    imports: { before: `./${input.id}/before/components`, after: `./${input.id}/after/components`, helpers: input.helpersImport },
  });
  const typeFiles = (side: "before" | "after", files: readonly GeneratedFile[]) =>
    files
      .filter((file) => (TYPE_FILES as readonly string[]).includes(file.path))
      // The regenerate command does not rewrite these: say which command wrote them, whichever the header named.
      .map((file) => ({ path: `${input.id}/${side}/${file.path}`, contents: withHeaderCommand(file.contents, "portfolio migrate new") }));
  return {
    changes,
    breaking: changes.filter(isBreaking),
    suggestions,
    problems,
    files: [{ path: `${input.id}.ts`, contents: scaffold }, ...typeFiles("before", input.before), ...typeFiles("after", input.after)],
  };
}
