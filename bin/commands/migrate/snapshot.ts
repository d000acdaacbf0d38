/**
 * `portfolio migrate snapshot <name>`: records the schema now as the newest
 * snapshot, `<id>-<name>/schema/` with no migration beside it, when every
 * change since the last snapshot is one existing content still fits (a new
 * optional field, a field made translatable, …). `check` then compares with
 * it, so it reports only what changed after, and the next `migrate new`
 * scaffolds from it (knowing, say, which fields are translatable now). A
 * change content may not fit is refused: it needs `migrate new`.
 */
import { join } from "node:path";
import { formatChange, isBreaking } from "storyblok-typed-codegen";
import { lastSnapshot, listMigrations, NAME, nextId } from "../../../tools/migrations/folder";
import { changesSinceSnapshot, label, snapshotSources, writeSnapshot } from "../../../tools/migrations/snapshot";
import { EXIT } from "../exit-codes";
import { runGenerator, type CodegenFlags } from "../generate";

export function writeSnapshotOnly(name: string, flags: CodegenFlags & { migrations: string }): number {
  if (!NAME.test(name)) {
    console.error(`migrate snapshot: "${name}" is not a snapshot name: lower-case letters, digits and hyphens, e.g. translatable-fields.`);
    return EXIT.badInput;
  }
  const entries = listMigrations(flags.migrations);
  const previous = lastSnapshot(entries);
  if (previous === undefined) {
    console.error(
      `No schema snapshot in ${flags.migrations}/ to compare with: the first one is the baseline, \`npm run portfolio -- migrate baseline\`.`,
    );
    return EXIT.badInput;
  }
  const now = runGenerator(flags);
  if (now === undefined) return EXIT.badInput;
  const changes = changesSinceSnapshot(previous.snapshot, now.files);
  if (changes.length === 0) {
    console.error(`${flags.schema} has no block or field changes since ${label(previous.snapshot)}: there is nothing to record.`);
    return EXIT.badInput;
  }
  const breaking = changes.filter(isBreaking);
  if (breaking.length > 0) {
    console.error(
      `${flags.schema} changed since ${label(previous.snapshot)} in ways existing content may not fit; a snapshot alone would hide them:`,
    );
    for (const change of breaking) console.error(`  ${formatChange(change)}`);
    console.error("Write a migration for them instead: `npm run portfolio -- migrate new <name>` (it records the snapshot too).");
    return EXIT.badInput;
  }

  const snapshot = join(flags.migrations, nextId(entries, name, new Date()), "schema");
  writeSnapshot(snapshot, snapshotSources(flags));
  console.log(
    `Wrote ${label(snapshot)}/: the schema now, with no migration (content written before it still fits). Changes since ${label(previous.snapshot)}:`,
  );
  for (const change of changes) console.log(`  ${formatChange(change)}`);
  return EXIT.ok;
}
