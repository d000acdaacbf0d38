/**
 * The undo snapshot of a run on a space, kept on the machine that ran it
 * (`.data/migrations/<space>/last-run.json`, gitignored with .data/): every
 * story the run wrote, in the state and with the content each version had
 * before, and the journal entries the run added. Written before the first
 * write, so a run cut short can be undone too, and after each story.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import type { StoryState } from "./space-stories";

export interface SnapshotStory {
  id: number;
  fullSlug: string;
  name: string;
  slug: string;
  parentId: number;
  state: StoryState;
  /** The published version's content before the run (states "published" and "pending"). */
  published?: JsonObject;
  /** The draft's content before the run (states "pending" and "draft"). */
  draft?: JsonObject;
  /** The working copy the run left (contentSha256), once written: undo refuses a story edited since. */
  afterSha256?: string;
  /** Each working copy the run's writes are about to leave (contentSha256), recorded before the first write: a write whose record was cut short is still the run's, not an edit. */
  intendedSha256?: string[];
}

export interface SpaceLastRun {
  space: number;
  ran: string;
  migrations: string[];
  stories: SnapshotStory[];
  /** What the run added to the space's journal; absent until it was recorded (the run's commit). */
  journal?: { datasourceId: number; created: boolean; entryIds: number[] };
  /** Whether the space had its journal datasource before the run (undo removes one the run made). */
  journalExisted?: boolean;
  /** Set before an undo's first write: an undo cut short is finished before anything else runs. */
  undoing?: boolean;
}

export function lastRunPath(root: string, spaceId: number): string {
  return join(root, ".data", "migrations", String(spaceId), "last-run.json");
}

export function writeLastRun(path: string, lastRun: SpaceLastRun): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(lastRun, null, 2)}\n`);
  renameSync(temp, path);
}

export function readLastRun(path: string): SpaceLastRun | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as SpaceLastRun) : undefined;
}

export function removeLastRun(path: string): void {
  rmSync(path, { force: true });
}
