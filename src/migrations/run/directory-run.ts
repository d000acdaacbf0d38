/**
 * `portfolio migrate run` and `migrate undo` on a content folder: read every
 * story file (published ones in stories/, pending drafts in drafts/), plan
 * the run (plan-run.ts), and only when every result is valid write the
 * changed files, the undo snapshot and the journal.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, readdirSync, rmdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { listJsonFiles } from "../../content/local-cdn/read-story-files";
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
 * Writes a plan without problems: first the undo snapshot, then the story
 * files, then the journal, so a run cut short can still be undone.
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
  for (const outcome of changed) writeAtomically(join(dir, outcome.file), outcome.after);
  journal.runs.push({ ran: lastRun.ran, migrations: [...migrations], files: changed.map((outcome) => outcome.file) });
  writeAtomically(join(dir, JOURNAL_FILE), journalText(journal));
  return changed.map((outcome) => outcome.file);
}

export type UndoResult =
  | { undone: true; migrations: string[]; files: string[] }
  | { undone: false; reason: string; changedSince?: string[] };

/**
 * Puts back the files and the journal as they were before the last run,
 * byte for byte, and forgets the run. Refuses when a file the run wrote has
 * changed since (an edit would be lost), unless `force`.
 */
export function undoLastRun(dir: string, force = false): UndoResult {
  const path = join(dir, LAST_RUN_FILE);
  if (!existsSync(path)) return { undone: false, reason: `no run to undo in ${dir} (${LAST_RUN_FILE} is written by migrate run and removed by undo)` };
  const lastRun = JSON.parse(readFileSync(path, "utf8")) as LastRun;
  const changedSince = lastRun.files.filter(({ file, afterSha256 }) => !existsSync(join(dir, file)) || sha256(readFileSync(join(dir, file), "utf8")) !== afterSha256).map(({ file }) => file);
  if (changedSince.length > 0 && !force) {
    return { undone: false, reason: "files changed since the last run; undoing would lose those edits (--force restores them anyway)", changedSince };
  }
  for (const { file, before } of lastRun.files) writeAtomically(join(dir, file), before);
  if (lastRun.journal === null) rmSync(join(dir, JOURNAL_FILE), { force: true });
  else writeAtomically(join(dir, JOURNAL_FILE), lastRun.journal);
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
