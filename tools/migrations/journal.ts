/**
 * What ran on a content folder, kept in the folder itself: which migrations
 * its content has had is a fact about that content, so it travels (and is
 * committed) with it, and another folder (`--dir`) or a space keeps its own.
 *
 *   <content>/.migrations/journal.json    every run: when, which migrations, which files changed (committed)
 *   <content>/.migrations/last-run.json   the last run's files as they were, for `migrate undo` (gitignored:
 *                                         once the run is committed, git is the undo)
 *
 * The story server reads only stories/ and drafts/, so neither file is served.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const JOURNAL_FOLDER = ".migrations";
export const JOURNAL_FILE = `${JOURNAL_FOLDER}/journal.json`;
export const LAST_RUN_FILE = `${JOURNAL_FOLDER}/last-run.json`;

interface JournalRun {
  /** ISO time of the run. */
  ran: string;
  migrations: string[];
  /** Story files the run changed, relative to the content folder. */
  files: string[];
}

export interface Journal {
  runs: JournalRun[];
}

/** The journal and its text as on disk (undefined when there is none yet: nothing ran). */
export function readJournal(dir: string): { journal: Journal; text: string | undefined } {
  const path = join(dir, JOURNAL_FILE);
  if (!existsSync(path)) return { journal: { runs: [] }, text: undefined };
  const text = readFileSync(path, "utf8");
  const journal = JSON.parse(text) as Journal;
  if (!Array.isArray(journal.runs)) throw new Error(`${path}: expected {"runs": [...]}`);
  return { journal, text };
}

export function appliedMigrations(journal: Journal): Set<string> {
  return new Set(journal.runs.flatMap((run) => run.migrations));
}

export function journalText(journal: Journal): string {
  return `${JSON.stringify(journal, null, 2)}\n`;
}

/** Enough to put the folder back as it was before the last run, and to tell whether it changed since. */
export interface LastRun {
  ran: string;
  migrations: string[];
  /** journal.json's text before the run; null when the run created it. */
  journal: string | null;
  files: { file: string; before: string; afterSha256: string }[];
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
