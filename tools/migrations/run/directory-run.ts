/**
 * `portfolio migrate run` and `migrate undo` on a content folder: read every
 * story file (published ones in stories/, pending drafts in drafts/), plan
 * the run (plan-run.ts), and only when every result is valid write the
 * changed files, the undo snapshot and the journal.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, readdirSync, rmdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { listJsonFiles } from "../../../src/content/sources/local-cdn/read-story-files";
import { crashPoint } from "../../crash-point";
import { appliedMigrations, JOURNAL_FILE, JOURNAL_FOLDER, journalText, LAST_RUN_FILE, readJournal, sha256, type LastRun } from "../journal";
import type { LoadedMigration } from "./migrate-story";
import { planRun, type RunPlan, type StoryText, type StoryValidator } from "./plan-run";

export async function readStoryTexts(dir: string): Promise<StoryText[]> {
  const files = [...(await listJsonFiles(join(dir, "stories"))), ...(await listJsonFiles(join(dir, "drafts")))];
  return files.map((path) => ({ file: relative(dir, path).split(sep).join("/"), text: readFileSync(path, "utf8") }));
}

/** The ids of `ids` the folder's journal does not list, in order. */
export function pendingIn(dir: string, ids: readonly string[]): string[] {
  const applied = appliedMigrations(readJournal(dir).journal);
  return ids.filter((id) => !applied.has(id));
}

export async function planDirectoryRun(dir: string, migrations: readonly LoadedMigration[], validate: StoryValidator): Promise<RunPlan> {
  return planRun(await readStoryTexts(dir), migrations, validate);
}

/**
 * Writes a plan without problems: first the undo snapshot (the intent: every
 * file as it was and what it will be), then the story files, then the
 * journal (the commit). A run cut short between them never reaches the
 * journal, so the journal never lists a migration the files did not all
 * have; the snapshot says what to put back (cutShortRun, undoLastRun).
 * Returns the files it changed.
 */
export function writeRun(dir: string, plan: RunPlan, migrations: readonly string[], ran: Date): string[] {
  if (plan.problems.length > 0) throw new Error("a run with problems is never written");
  const changed = plan.outcomes.filter((outcome) => outcome.after !== outcome.before);
  const { journal, text } = readJournal(dir);
  const lastRun: LastRun = {
    ran: ran.toISOString(),
    migrations: [...migrations],
    journal: text ?? null,
    files: changed.map((outcome) => ({ file: outcome.file, before: outcome.before, afterSha256: sha256(outcome.after) })),
  };
  writeAtomically(join(dir, LAST_RUN_FILE), `${JSON.stringify(lastRun, null, 2)}\n`);
  crashPoint("folder-run:after-intent");
  for (const outcome of changed) {
    writeAtomically(join(dir, outcome.file), outcome.after);
    crashPoint("folder-run:after-file");
  }
  journal.runs.push({ ran: lastRun.ran, migrations: [...migrations], files: changed.map((outcome) => outcome.file) });
  writeAtomically(join(dir, JOURNAL_FILE), journalText(journal));
  return changed.map((outcome) => outcome.file);
}

/**
 * The last run, when it never got to its journal (cut short while writing
 * files, or while being undone): the journal is still the text the run found.
 * Its files are then partly migrated, and only undoing it (undoLastRun) makes
 * the folder one a run can start from again.
 */
export function cutShortRun(dir: string): LastRun | undefined {
  const path = join(dir, LAST_RUN_FILE);
  if (!existsSync(path)) return undefined;
  const lastRun = JSON.parse(readFileSync(path, "utf8")) as LastRun;
  return (readJournal(dir).text ?? null) === lastRun.journal ? lastRun : undefined;
}

export type UndoResult =
  | { undone: true; migrations: string[]; files: string[] }
  | { undone: false; reason: string; changedSince?: string[] };

/**
 * Puts back the files and the journal as they were before the last run,
 * byte for byte, and forgets the run. Refuses when a file the run wrote has
 * changed since (an edit would be lost), unless `force`. A file already as
 * it was before is no edit: the run was cut short before it, or an undo
 * after it, and undoing again finishes the job.
 *
 * The journal goes back first: from then on it no longer lists the run, and
 * the snapshot is what says files are left to restore (cutShortRun), so an
 * undo cut short is finished by the next undo or run.
 */
export function undoLastRun(dir: string, force = false): UndoResult {
  const path = join(dir, LAST_RUN_FILE);
  if (!existsSync(path))
    return { undone: false, reason: `no run to undo in ${dir} (${LAST_RUN_FILE} is written by migrate run and removed by undo)` };
  const lastRun = JSON.parse(readFileSync(path, "utf8")) as LastRun;
  const changedSince = lastRun.files
    .filter(({ file, before, afterSha256 }) => {
      const now = existsSync(join(dir, file)) ? readFileSync(join(dir, file), "utf8") : undefined;
      return now !== before && (now === undefined || sha256(now) !== afterSha256);
    })
    .map(({ file }) => file);
  if (changedSince.length > 0 && !force) {
    return {
      undone: false,
      reason: "files changed since the last run; undoing would lose those edits (--force restores them anyway)",
      changedSince,
    };
  }
  if (lastRun.journal === null) rmSync(join(dir, JOURNAL_FILE), { force: true });
  else writeAtomically(join(dir, JOURNAL_FILE), lastRun.journal);
  crashPoint("folder-undo:after-journal");
  for (const { file, before } of lastRun.files) {
    writeAtomically(join(dir, file), before);
    crashPoint("folder-undo:after-file");
  }
  rmSync(path);
  removeIfEmpty(join(dir, JOURNAL_FOLDER));
  return { undone: true, migrations: lastRun.migrations, files: lastRun.files.map(({ file }) => file) };
}

/** Through a temporary file and a rename, so no reader ever sees half a story. */
function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

function removeIfEmpty(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
}
