/** `portfolio migrate undo [--dir content] [--force]`: the last run's files and journal, back as they were. */
import { resolve } from "node:path";
import { undoLastRun } from "../../../tools/migrations/run/directory-run";
import { EXIT } from "../exit-codes";
import { isDirectory } from "storyblok-typed-codegen";

export function undoMigrations(flags: { dir: string; force?: boolean }): number {
  if (!isDirectory(flags.dir)) {
    console.error(`--dir ${flags.dir}: no such folder.`);
    return EXIT.badInput;
  }
  const result = undoLastRun(resolve(flags.dir), flags.force === true);
  if (!result.undone) {
    console.error(`Nothing undone: ${result.reason}`);
    for (const file of result.changedSince ?? []) console.error(`  changed since: ${flags.dir}/${file}`);
    return EXIT.drift;
  }
  console.log(
    `Undid ${result.migrations.join(", ")} on ${flags.dir}/: ${result.files.length} file(s) restored as they were, and the journal.`,
  );
  return EXIT.ok;
}
