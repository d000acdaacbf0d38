/** Typed content migrations as data: what changed between two schemas, and the scaffold and types `migrate new` writes. */
export { fitsWithoutMigration, isBreaking } from "./compatibility.js";
export { parseRename, renameProblems, suggestRenames, type Rename } from "./renames.js";
export { migrationScaffold, type ScaffoldInput } from "./scaffold.js";
export { planMigration, TYPE_FILES, type MigrationInput, type MigrationPlan } from "./plan.js";
