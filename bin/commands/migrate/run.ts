/**
 * `portfolio migrate run [--dir content] [--dry-run] [--diff]`: the
 * migrations the content folder's journal does not list, in order, on every
 * story file (stories/ and drafts/). Everything is checked with the
 * generated validators before anything is written.
 */
import { resolve } from "node:path";
import { findDrift, unifiedDiff, isDirectory } from "storyblok-typed-codegen";
import { listMigrations } from "../../../tools/migrations/folder";
import { JOURNAL_FILE } from "../../../tools/migrations/journal";
import { cutShortRun, pendingIn, planDirectoryRun, undoLastRun, writeRun } from "../../../tools/migrations/run/directory-run";
import { loadMigration, loadSchemaRules } from "../../../tools/migrations/run/load";
import type { LoadedMigration, StoryChanges } from "../../../tools/migrations/run/migrate-story";
import type { RunPlan } from "../../../tools/migrations/run/plan-run";
import { validateStory } from "../../../tools/content-validation/validate-content";
import { EXIT } from "../exit-codes";
import { readGeneratedDir, runGenerator, type CodegenFlags } from "../generate";

export interface RunFlags extends Pick<CodegenFlags, "schema" | "out"> {
  dir: string;
  migrations: string;
  dryRun?: boolean;
  diff?: boolean;
}

export async function runMigrations(flags: RunFlags): Promise<number> {
  if (!isDirectory(flags.dir)) {
    console.error(`--dir ${flags.dir}: no such folder.`);
    return EXIT.badInput;
  }
  const resumed = finishCutShortRun(flags);
  if (resumed !== undefined) return resumed;
  const scripts = listMigrations(flags.migrations).filter(
    (entry): entry is typeof entry & { script: string } => entry.script !== undefined,
  );
  const pending = new Set(
    pendingIn(
      flags.dir,
      scripts.map((entry) => entry.id),
    ),
  );
  if (pending.size === 0) {
    console.log(`Nothing to run: ${flags.dir}/ has had every migration in ${flags.migrations}/ (${scripts.length}).`);
    return EXIT.ok;
  }
  const loaded = await loadRun(
    flags,
    scripts.filter((entry) => pending.has(entry.id)),
  );
  if (typeof loaded === "number") return loaded;
  const { migrations, rules } = loaded;

  const ids = migrations.map((migration) => migration.id);
  console.log(`${flags.dryRun ? "Dry run of" : "Running"} ${ids.length} migration(s) on ${flags.dir}/: ${ids.join(", ")}`);
  const plan = await planDirectoryRun(resolve(flags.dir), migrations, (story, hasStory) => validateStory(story, { hasStory, ...rules }));
  report(plan, flags.diff === true);

  const stopped = stopBeforeWriting(plan.problems, flags.dryRun === true);
  if (stopped !== undefined) return stopped;
  const written = writeRun(resolve(flags.dir), plan, ids, new Date());
  console.log(
    `Wrote ${written.length} file(s) and ${flags.dir}/${JOURNAL_FILE}. \`npm run portfolio -- migrate undo\` puts them back as they were.`,
  );
  return EXIT.ok;
}

/**
 * A run (or an undo) that was cut short left files partly migrated and the
 * journal without it: it is undone first, so this run starts from the files
 * as they were and ends as an uninterrupted one would. Undefined when the
 * run may go on; a number is the exit code of a failure already reported.
 */
function finishCutShortRun(flags: RunFlags): number | undefined {
  const cut = cutShortRun(resolve(flags.dir));
  if (cut === undefined) return undefined;
  const what = `The last run on ${flags.dir}/ (${cut.migrations.join(", ")}, ${cut.ran}) was cut short before its journal`;
  if (flags.dryRun) {
    console.error(`${what}: a run puts back the ${cut.files.length} file(s) it was writing first. Nothing was written.`);
    return EXIT.drift;
  }
  const undone = undoLastRun(resolve(flags.dir));
  if (!undone.undone) {
    console.error(`${what}, and cannot be put back: ${undone.reason}`);
    for (const file of undone.changedSince ?? []) console.error(`  changed since: ${flags.dir}/${file}`);
    return EXIT.drift;
  }
  console.log(`${what}: put back the ${undone.files.length} file(s) it was writing, as they were.`);
  return undefined;
}

/**
 * The pending migrations loaded, and the rules their results must fit: the
 * validators in --out, refused unless they are generated from --schema.
 * A number is the exit code of a failure already reported.
 */
export async function loadRun(
  flags: Pick<RunFlags, "schema" | "out">,
  entries: readonly { id: string; script: string }[],
): Promise<number | { migrations: LoadedMigration[]; rules: Awaited<ReturnType<typeof loadSchemaRules>> }> {
  // The results are checked with --out's validators, so they must be the schema's.
  const generated = runGenerator({ schema: flags.schema, out: flags.out, warn: true });
  if (generated === undefined) return EXIT.badInput;
  if (findDrift(generated.files, readGeneratedDir(flags.out), flags.out).length > 0) {
    console.error(
      `${flags.out} is not generated from ${flags.schema}: run \`npm run codegen\` first (the results are checked with ${flags.out}/validators.ts).`,
    );
    return EXIT.drift;
  }
  try {
    const migrations: LoadedMigration[] = [];
    for (const entry of entries) migrations.push(await loadMigration(entry.id, entry.script));
    return { migrations, rules: await loadSchemaRules(flags.out) };
  } catch (error) {
    console.error(`Cannot load the migrations: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.badInput;
  }
}

/**
 * The gate before a run writes, on a folder or a space: any invalid result stops it (exit 1,
 * every problem named), and a dry run ends here. Undefined when the run may write.
 */
export function stopBeforeWriting(problems: readonly string[], dryRun: boolean): number | undefined {
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s); nothing was written:`);
    for (const problem of problems) console.error(`  ${problem}`);
    return EXIT.drift;
  }
  if (dryRun) {
    console.log("Dry run: every result is valid; nothing was written.");
    return EXIT.ok;
  }
  return undefined;
}

/** Per story: blocks changed (by kind) and fields touched; with --diff the whole change as a unified diff. */
function report(plan: RunPlan, diff: boolean): void {
  const unchanged = plan.outcomes.filter((outcome) => outcome.after === outcome.before);
  for (const outcome of plan.outcomes) {
    if (outcome.after === outcome.before) continue;
    console.log(`  ${outcome.file} (${outcome.fullSlug}): ${storySummary(outcome.changes)}`);
    if (diff) console.log(unifiedDiff(outcome.before, outcome.after, `a/${outcome.file}`, `b/${outcome.file}`));
  }
  if (unchanged.length > 0) console.log(`  unchanged: ${unchanged.map((outcome) => outcome.file).join(", ")}`);
}

export function storySummary(changes: readonly StoryChanges[]): string {
  const blocks = changes.flatMap((change) => change.blocks);
  const kinds = new Map<string, number>();
  for (const block of blocks) kinds.set(block.component, (kinds.get(block.component) ?? 0) + 1);
  const byKind = [...kinds].map(([kind, count]) => (count === 1 ? kind : `${kind} ×${count}`)).join(", ");
  const fields = [...new Set(blocks.flatMap((block) => block.fields))].sort();
  const splits = blocks.filter((block) => block.into !== undefined).map((block) => `${block.path} → ${block.into!.join(" + ")}`);
  return [
    `${blocks.length} block${blocks.length === 1 ? "" : "s"} changed (${byKind})`,
    ...(fields.length > 0 ? [`fields touched: ${fields.join(", ")}`] : []),
    ...(splits.length > 0 ? [`replaced: ${splits.join("; ")}`] : []),
  ].join("; ");
}
