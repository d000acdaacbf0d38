/**
 * Writes a checked run to a space and undoes it. Each story ends as it
 * began, only migrated:
 *  - published, no pending changes: saved and published, so the published
 *    version stays in step;
 *  - published with a pending draft: the published version (as it was,
 *    migrated) saved and published, then the draft (migrated) saved over it
 *    without publishing, so it is a pending draft again and the migration
 *    never published it;
 *  - never published: saved as a draft.
 * Undo writes the snapshot's versions back the same way.
 */
import { createHash } from "node:crypto";
import type { JsonObject } from "../../../src/content/sources/local-cdn/story-types";
import type { ManagementClient } from "../../management-api/management-client";
import { changedOutcomes, type SpaceRunPlan } from "./plan-space-run";
import { crashPoint } from "../../crash-point";
import { forgetInSpace, readSpaceJournal, recordInSpace } from "./space-journal";
import type { SnapshotStory, SpaceLastRun } from "./space-snapshot";
import { writeLastRun, readLastRun, removeLastRun } from "./space-snapshot";
import type { StoryState } from "./space-stories";

interface Placement {
  id: number;
  name: string;
  slug: string;
  parentId: number;
}

/** Saves a story's content; returns the working copy's content as the space answered it. */
async function save(client: ManagementClient, story: Placement, content: JsonObject, publish: boolean): Promise<unknown> {
  // `publish: 1` in the body, as Storyblok documents it; the client's types put it in the query.
  const body = { story: { name: story.name, slug: story.slug, parent_id: story.parentId, content }, ...(publish ? { publish: 1 } : {}) };
  const { data } = await client.stories.update(story.id, { body: body });
  return (data as { story?: { content?: unknown } }).story?.content;
}

/** The writes that leave a story in `state` with these versions; returns the working copy's content as answered last. */
async function restoreState(
  client: ManagementClient,
  story: Placement,
  state: StoryState,
  published: JsonObject | undefined,
  draft: JsonObject | undefined,
): Promise<unknown> {
  let working: unknown;
  if (state !== "draft") working = await save(client, story, published!, true);
  if (state !== "published") working = await save(client, story, draft!, false);
  return working;
}

/** A working copy's fingerprint, to tell on undo whether anyone edited the story after the run. */
export function contentSha256(content: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(content ?? null))
    .digest("hex");
}

export interface SpaceRunResult {
  stories: number;
}

/**
 * The run, write-ahead: the snapshot (every story as it was, and the hash of
 * what its working copy will be) is on disk before the first write; each
 * story's write is then recorded in it; the journal entries go last, and the
 * snapshot records them as the commit. A run cut short before that commit
 * (cutShort) is undone before anything else runs on the space, so a rerun
 * starts from the stories as they were and ends as an uninterrupted run.
 */
export async function writeSpaceRun(
  client: ManagementClient,
  plan: SpaceRunPlan,
  options: { spaceId: number; migrations: string[]; ran: Date; snapshotPath: string },
): Promise<SpaceRunResult> {
  if (plan.problems.length > 0) throw new Error("a run with problems is never written");
  const changed = changedOutcomes(plan);
  const journal = await readSpaceJournal(client);
  const writes = changed.map(({ story, published, draft }) => {
    // A pending story whose published version did not change keeps it: only its draft is saved.
    const state: StoryState = story.state === "pending" && !published!.changed ? "draft" : story.state;
    return { story, state, published: published?.after.content, draft: draft?.after.content };
  });
  const lastRun: SpaceLastRun = {
    space: options.spaceId,
    ran: options.ran.toISOString(),
    migrations: options.migrations,
    journalExisted: journal.datasourceId !== undefined,
    stories: changed.map(
      ({ story, published, draft }, index): SnapshotStory => ({
        id: story.id,
        fullSlug: story.fullSlug,
        name: story.name,
        slug: story.slug,
        parentId: story.parentId,
        state: story.state,
        ...(published && { published: published.before.content }),
        ...(draft && { draft: draft.before.content }),
        intendedSha256: intendedWorkingCopies(writes[index]!).map(contentSha256),
      }),
    ),
  };
  writeLastRun(options.snapshotPath, lastRun);
  crashPoint("space-run:after-intent");
  for (const [index, { story, state, published, draft }] of writes.entries()) {
    const working = await restoreState(client, story, state, published, draft);
    crashPoint("space-run:after-story");
    lastRun.stories[index]!.afterSha256 = contentSha256(working);
    writeLastRun(options.snapshotPath, lastRun);
  }
  lastRun.journal = await recordInSpace(client, journal, options.migrations, lastRun.ran);
  writeLastRun(options.snapshotPath, lastRun);
  return { stories: changed.length };
}

/** Each working copy the run's writes leave a story with, in order (a pending story: its published version, then its draft). */
function intendedWorkingCopies(write: {
  state: StoryState;
  published: JsonObject | undefined;
  draft: JsonObject | undefined;
}): JsonObject[] {
  return [...(write.state !== "draft" ? [write.published!] : []), ...(write.state !== "published" ? [write.draft!] : [])];
}

/** A run that never recorded its journal entries in the snapshot (cut short), or an undo of one that was. */
export function cutShort(lastRun: SpaceLastRun): boolean {
  return lastRun.journal === undefined || lastRun.undoing === true;
}

export type SpaceUndoResult =
  | { undone: true; migrations: string[]; stories: string[] }
  | { undone: false; reason: string; changedSince?: string[] };

/**
 * Puts back every story the last run wrote, in its state, and takes the
 * run's entries out of the journal. Refuses when a story was edited since
 * the run (its working copy is none the run or its undo leaves: undoing
 * would lose the edit), unless `force`. Works on a run cut short, and
 * finishes an undo cut short: the snapshot is marked first, the journal
 * entries go next (found in the space by migration and run time, so none is
 * missed or deleted twice), then the stories, and the snapshot last.
 */
export async function undoSpaceRun(client: ManagementClient, snapshotPath: string, force = false): Promise<SpaceUndoResult> {
  const lastRun = readLastRun(snapshotPath);
  if (lastRun === undefined)
    return { undone: false, reason: `no run to undo (${snapshotPath} is written by migrate run --space and removed by undo)` };
  if (!force) {
    const changedSince: string[] = [];
    for (const story of lastRun.stories) {
      // A snapshot from before intendedSha256 was kept, cut short before this story: nothing to compare with.
      if (story.afterSha256 === undefined && story.intendedSha256 === undefined) continue;
      const { data } = await client.stories.get(story.id);
      const now = contentSha256((data as { story?: { content?: unknown } }).story?.content);
      // What the run left or meant to leave, and what the story was (an undo cut short after restoring it).
      const known = [
        story.afterSha256,
        ...(story.intendedSha256 ?? []),
        ...[story.published, story.draft].filter((content) => content !== undefined).map(contentSha256),
      ];
      if (!known.includes(now)) changedSince.push(story.fullSlug);
    }
    if (changedSince.length > 0)
      return {
        undone: false,
        reason: "stories edited since the run; undoing would lose those edits (--force restores them anyway)",
        changedSince,
      };
  }
  lastRun.undoing = true;
  writeLastRun(snapshotPath, lastRun);
  await forgetRunInSpace(client, lastRun);
  crashPoint("space-undo:after-journal");
  for (const story of lastRun.stories) {
    await restoreState(client, story, story.state, story.published, story.draft);
    crashPoint("space-undo:after-story");
  }
  removeLastRun(snapshotPath);
  return { undone: true, migrations: lastRun.migrations, stories: lastRun.stories.map((story) => story.fullSlug) };
}

/** The run's entries as the space holds them now, and the datasource when the run made it and nothing else is in it. */
async function forgetRunInSpace(client: ManagementClient, lastRun: SpaceLastRun): Promise<void> {
  const journal = await readSpaceJournal(client);
  if (journal.datasourceId === undefined) return;
  const migrations = new Set(lastRun.migrations);
  const ours = journal.entries.filter((entry) => migrations.has(entry.name) && entry.value === lastRun.ran);
  const made = lastRun.journalExisted === undefined ? lastRun.journal?.created === true : !lastRun.journalExisted;
  await forgetInSpace(client, {
    datasourceId: journal.datasourceId,
    created: made && ours.length === journal.entries.length,
    entryIds: ours.map((entry) => entry.id),
  });
}
