/**
 * What a push has done to one space, written after every step, so a push
 * that stopped (a killed process, a failed request) goes on where it
 * stopped instead of asking the space again about everything it finished.
 *
 * The journal only ever saves requests. Every entry is checked against the
 * space before it is trusted (same id and uuid, and for content the same
 * `updated_at`), and without a journal a push matches stories by full_slug
 * and assets by file hash, so a lost or stale journal costs reads, never a
 * duplicate. What it alone knows: the hash of a published version that has
 * a pending draft over it (the Management API shows only the draft), and an
 * upload that was signed but never finished.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

interface JournalAsset {
  id: number;
  filename: string;
  /** False between signing the upload and finishing it. */
  finished: boolean;
}

export interface JournalStory {
  id: number;
  uuid: string;
  /** Hash of the published version last written (publish), and the space's `published_at` after it. */
  publishedHash?: string;
  publishedAt?: string | null;
  /** Hash of the working version last written, and the space's `updated_at` after it. */
  workingHash?: string;
  updatedAt?: string | null;
}

export interface JournalData {
  version: 1;
  space: string;
  /** The API the space was reached at (region or URL): a journal for the same id elsewhere is not this space's. */
  target: string;
  assets: Record<string, JournalAsset>;
  folders: Record<string, { id: number; uuid: string }>;
  stories: Record<string, JournalStory>;
}

export interface Journal {
  readonly data: JournalData;
  /** Writes the journal (atomically: a crash leaves the old or the new file, never half of one). No-op for a dry run's. */
  save(): void;
}

/** `.data/space-push/<space>.json` under the project: a gitignored folder. */
export function defaultJournalPath(projectDir: string, space: string): string {
  return join(projectDir, ".data", "space-push", `${space.replace(/[^\w.-]/g, "_")}.json`);
}

/**
 * The journal at `path` for this space and target; an empty one when there is none,
 * or when the file is another space's, another target's or unreadable.
 * `readOnly` (a dry run) never writes it.
 */
export function openJournal(path: string, space: string, target: string, { readOnly = false } = {}): Journal {
  const data = readJournal(path, space, target) ?? { version: 1, space, target, assets: {}, folders: {}, stories: {} };
  return {
    data,
    save() {
      if (readOnly) return;
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`);
      renameSync(temporary, path);
    },
  };
}

function readJournal(path: string, space: string, target: string): JournalData | undefined {
  let parsed: Partial<JournalData>;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<JournalData>;
  } catch {
    return undefined;
  }
  if (parsed.version !== 1 || parsed.space !== space || parsed.target !== target) return undefined;
  return { version: 1, space, target, assets: parsed.assets ?? {}, folders: parsed.folders ?? {}, stories: parsed.stories ?? {} };
}
