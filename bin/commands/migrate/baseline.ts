/**
 * `portfolio migrate baseline [--from-git REV]`: a snapshot with no
 * migration, `<id>-baseline/schema/`, of the schema the content follows
 * now (or followed at a git revision). It starts the chain: the first
 * `migrate new` compares with it, and `check` holds schema/ to it.
 */
import { join } from "node:path";
import { lastSnapshot, listMigrations, nextId } from "../../../tools/migrations/folder";
import { EXIT } from "../exit-codes";
import type { CodegenFlags } from "../generate";
import { BadInput } from "storyblok-typed-codegen";
import { label, snapshotSources, writeSnapshot, writeSnapshotFromGit } from "../../../tools/migrations/snapshot";

export function writeBaseline(flags: CodegenFlags & { migrations: string; fromGit?: string }): number {
  const entries = listMigrations(flags.migrations);
  const existing = lastSnapshot(entries);
  if (existing !== undefined) {
    console.error(
      `${label(existing.snapshot)} exists already: a baseline starts the migrations, and each migration snapshots the schema it was written against.`,
    );
    return EXIT.badInput;
  }
  const target = join(flags.migrations, nextId(entries, "baseline", new Date()), "schema");
  try {
    const sources = snapshotSources(flags);
    if (flags.fromGit === undefined) writeSnapshot(target, sources);
    else writeSnapshotFromGit(target, sources, flags.fromGit);
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    console.error(error.message);
    return EXIT.badInput;
  }
  console.log(
    `Wrote ${label(target)}/: ${flags.fromGit === undefined ? flags.schema : `${flags.schema} at ${flags.fromGit}`}, the schema the next migration is written from.`,
  );
  return EXIT.ok;
}
