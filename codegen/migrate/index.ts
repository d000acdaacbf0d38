/** Typed content migrations as data: what changed between two schemas, and the scaffold and types `migrate new` writes. */
export { fitsWithoutMigration, isBreaking } from "./compatibility";
export { parseRename, renameProblems, suggestRenames, type Rename } from "./renames";
export { migrationScaffold, type ScaffoldInput } from "./scaffold";
export { planMigration, TYPE_FILES, type MigrationInput, type MigrationPlan } from "./plan";
