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
import type { JsonObject } from "../../content/local-cdn/story-types";
import type { ManagementClient } from "../../management/management-client";
import { changedOutcomes, type SpaceRunPlan } from "./plan-space-run";
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
  const { data } = await client.stories.update(story.id, { body: body as never });
  return (data as { story?: { content?: unknown } }).story?.content;
}

/** The writes that leave a story in `state` with these versions; returns the working copy's content as answered last. */
async function restoreState(client: ManagementClient, story: Placement, state: StoryState, published: JsonObject | undefined, draft: JsonObject | undefined): Promise<unknown> {
  let working: unknown;
  if (state !== "draft") working = await save(client, story, published!, true);
  if (state !== "published") working = await save(client, story, draft!, false);
  return working;
}

/** A working copy's fingerprint, to tell on undo whether anyone edited the story after the run. */
export function contentSha256(content: unknown): string {
  return createHash("sha256").update(JSON.stringify(content ?? null)).digest("hex");
}

export interface SpaceRunResult {
  stories: number;
}

export async function writeSpaceRun(client: ManagementClient, plan: SpaceRunPlan, options: { spaceId: number; migrations: string[]; ran: Date; snapshotPath: string }): Promise<SpaceRunResult> {
  if (plan.problems.length > 0) throw new Error("a run with problems is never written");
  const changed = changedOutcomes(plan);
  const journal = await readSpaceJournal(client);
  const lastRun: SpaceLastRun = {
    space: options.spaceId,
    ran: options.ran.toISOString(),
    migrations: options.migrations,
    stories: changed.map(({ story, published, draft }): SnapshotStory => ({
      id: story.id,
      fullSlug: story.fullSlug,
      name: story.name,
      slug: story.slug,
      parentId: story.parentId,
      state: story.state,
      ...(published && { published: published.before.content }),
      ...(draft && { draft: draft.before.content }),
    })),
  };
  writeLastRun(options.snapshotPath, lastRun);
  for (const [index, { story, published, draft }] of changed.entries()) {
    // A pending story whose published version did not change keeps it: only its draft is saved.
    const state = story.state === "pending" && !published!.changed ? "draft" : story.state;
    const working = await restoreState(client, story, state, published?.after.content, draft?.after.content);
    lastRun.stories[index]!.afterSha256 = contentSha256(working);
  }
  lastRun.journal = await recordInSpace(client, journal, options.migrations, lastRun.ran);
  writeLastRun(options.snapshotPath, lastRun);
  return { stories: changed.length };
}

export type SpaceUndoResult = { undone: true; migrations: string[]; stories: string[] } | { undone: false; reason: string; changedSince?: string[] };

/**
 * Puts back every story the last run wrote, in its state, and takes the
 * run's entries out of the journal. Refuses when a story was edited since
 * the run (its working copy is not what the run left: undoing would lose
 * the edit), unless `force`.
 */
export async function undoSpaceRun(client: ManagementClient, snapshotPath: string, force = false): Promise<SpaceUndoResult> {
  const lastRun = readLastRun(snapshotPath);
  if (lastRun === undefined) return { undone: false, reason: `no run to undo (${snapshotPath} is written by migrate run --space and removed by undo)` };
  if (!force) {
    const changedSince: string[] = [];
    for (const story of lastRun.stories) {
      if (story.afterSha256 === undefined) continue;
      const { data } = await client.stories.get(story.id);
      if (contentSha256((data as { story?: { content?: unknown } }).story?.content) !== story.afterSha256) changedSince.push(story.fullSlug);
    }
    if (changedSince.length > 0) return { undone: false, reason: "stories edited since the run; undoing would lose those edits (--force restores them anyway)", changedSince };
  }
  for (const story of lastRun.stories) await restoreState(client, story, story.state, story.published, story.draft);
  if (lastRun.journal) await forgetInSpace(client, lastRun.journal);
  removeLastRun(snapshotPath);
  return { undone: true, migrations: lastRun.migrations, stories: lastRun.stories.map((story) => story.fullSlug) };
}
