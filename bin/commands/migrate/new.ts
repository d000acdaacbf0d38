/**
 * `portfolio migrate new <name> [--rename block.old=new …]`: compares the
 * last snapshot in migrations/ with the schema now, as `check` classifies
 * changes, and writes `<id>.ts` (the scaffold), `<id>/schema/` (the schema
 * now), `<id>/before/` and `<id>/after/` (both sides' types).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { findDrift, formatChange, isBreaking, parseRename, planMigration, type Rename } from "storyblok-typed-codegen";
import { lastSnapshot, listMigrations, NAME, nextId } from "../../../tools/migrations/folder";
import { EXIT } from "../exit-codes";
import { readGeneratedDir, runGenerator, type CodegenFlags } from "../generate";
import { generateSnapshot, label, snapshotSources, writeSnapshot } from "../../../tools/migrations/snapshot";

export interface NewFlags extends CodegenFlags {
  migrations: string;
  rename: string[];
}

/** Where migration files import their helpers from: this project's tools/migrations/helpers. */
const HELPERS = join("tools", "migrations", "helpers");

export function newMigration(name: string, flags: NewFlags): number {
  if (!NAME.test(name)) {
    console.error(`migrate new: "${name}" is not a migration name: lower-case letters, digits and hyphens, e.g. rename-hero-headline.`);
    return EXIT.badInput;
  }
  const renames: Rename[] = [];
  for (const spec of flags.rename) {
    const parsed = parseRename(spec);
    if (typeof parsed === "string") {
      console.error(parsed);
      return EXIT.badInput;
    }
    renames.push(parsed);
  }
  const entries = listMigrations(flags.migrations);
  const previous = lastSnapshot(entries);
  if (previous === undefined) {
    console.error(
      `No schema snapshot in ${flags.migrations}/ to compare with. Take one of the schema your content follows first: ` +
        "`npm run portfolio -- migrate baseline` (or `migrate baseline --from-git HEAD` when schema/ is already edited).",
    );
    return EXIT.badInput;
  }
  const before = generateSnapshot(previous.snapshot);
  if (before.files.length === 0) {
    console.error(`${label(previous.snapshot)}: the snapshot cannot be generated from; it has errors.`);
    return EXIT.badInput;
  }
  const after = runGenerator(flags);
  if (after === undefined) return EXIT.badInput;

  const id = nextId(entries, name, new Date());
  const snapshot = join(flags.migrations, id, "schema");
  const plan = planMigration({
    id,
    before: before.files,
    after: after.files,
    renames,
    previousSnapshot: label(previous.snapshot),
    snapshot: label(snapshot),
    helpersImport: relative(flags.migrations, HELPERS).split("\\").join("/"),
  });
  if (plan.problems.length > 0) {
    for (const problem of plan.problems) console.error(problem);
    return EXIT.badInput;
  }
  if (plan.changes.length === 0) {
    console.error(`${flags.schema} has no block or field changes since ${label(previous.snapshot)}: there is nothing to migrate.`);
    return EXIT.badInput;
  }

  writeSnapshot(snapshot, snapshotSources(flags));
  for (const file of plan.files) {
    const path = join(flags.migrations, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.contents);
  }

  const script = label(join(flags.migrations, `${id}.ts`));
  console.log(
    `Wrote ${script}, with the schema it is written against in ${label(snapshot)}/ and both sides' types in ${label(join(flags.migrations, id))}/{before,after}/.`,
  );
  console.log(`Changes since ${label(previous.snapshot)}:`);
  for (const change of plan.changes)
    console.log(`  ${formatChange(change)}${isBreaking(change) ? "   (content may not fit: handled in the scaffold)" : ""}`);
  for (const { block, from, to } of renames) console.log(`Rename confirmed: ${block}.${from} → ${to}.`);
  for (const { block, from, to } of plan.suggestions) {
    console.log(
      `Perhaps a rename: ${block}.${from} → ${to} (one field removed, one added, same type). Not assumed: if it is one, write \`${to}: ${from}\` where the scaffold says, ` +
        `or delete ${script} and ${label(join(flags.migrations, id))}/ and run again with --rename ${block}.${from}=${to}.`,
    );
  }
  const stale = findDrift(after.files, readGeneratedDir(flags.out), flags.out).length > 0;
  if (stale) console.log(`${flags.out} is not generated from ${flags.schema} yet: run \`npm run codegen\` before \`migrate run\`.`);
  console.log(
    `Next: fill in every todo(…) and decide(…) in ${script} until \`npx tsc --noEmit -p tsconfig.json\` passes, then \`npm run portfolio -- migrate run\` (--dry-run --diff to look first).`,
  );
  return after.skipped.length > 0 ? EXIT.badInput : EXIT.ok;
}
