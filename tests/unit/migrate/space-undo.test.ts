/**
 * A run on a space and its undo when a write fails part-way, in-process on
 * the local Management API and CDN over HTTP with a failure planted in front
 * (the crash tests kill the CLI; these reach the same states through an
 * answer, so mutation testing sees them): a run cut short is marked so and
 * its journal entries never written; an undo cut short has already taken
 * the entries out and is finished by the next undo; undo keeps what the
 * space had before the run, and refuses a story edited since unless forced.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { planSpaceRun } from "../../../tools/migrations/space/plan-space-run";
import { readSpaceJournal, recordInSpace } from "../../../tools/migrations/space/space-journal";
import { readLastRun } from "../../../tools/migrations/space/space-snapshot";
import { readSpaceStories, withoutEditable } from "../../../tools/migrations/space/space-stories";
import { cutShort, undoSpaceRun, writeSpaceRun } from "../../../tools/migrations/space/write-space-run";
import { cdnStories, spaceStoryRows } from "../management/space-push-readback";
import { OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "../management/space-harness";
import { RAN, page, shout, teaser } from "./support/space-run-fixtures";

const dirs: string[] = [];
let space: LocalSpace | undefined;
let client: ManagementClient;
/** The nth PUT to fail from now (answered 500, not carried out); 0: none. */
let failPut = 0;
let puts = 0;

afterEach(async () => {
  await space?.close();
  space = undefined;
  await removeDirs(dirs.splice(0));
});

/** A space with a published story, one with a pending draft and one never published, each holding a teaser. */
async function startSpace(): Promise<{ dir: string; snapshot: string }> {
  const dir = await mkdtemp(join(tmpdir(), "space-undo-"));
  dirs.push(dir);
  failPut = 0;
  await restart(dir);
  const create = async (slug: string, content: object, publish: boolean) =>
    (await client.stories.create({ body: { story: { name: slug, slug, content }, ...(publish ? { publish: 1 } : {}) } as never })).data
      .story!;
  await create("published", page(teaser("one")), true);
  const pending = await create("pending", page(teaser("live")), true);
  await client.stories.update(pending.id, {
    body: { story: { name: "pending", slug: "pending", content: page(teaser("draft")) } } as never,
  });
  await create("never", page(teaser("draft only")), false);
  return { dir, snapshot: join(dir, "last-run.json") };
}

async function restart(dir: string): Promise<void> {
  await space?.close();
  const started = await startLocalSpace(dir, {
    requestsPerSecond: Number.POSITIVE_INFINITY,
    intercept: async (request, forward) => {
      if (request.method === "PUT" && ++puts === failPut) return Response.json({ error: "planted" }, { status: 500 });
      return forward(request);
    },
  });
  space = started;
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: started.apiUrl, requestsPerSecond: 1000 });
}

/** Fails the nth PUT from now. */
const failNthPut = (n: number) => {
  puts = 0;
  failPut = n;
};

/** Every story's published version and draft, read by a fresh server (no client cache), with each row's state. */
async function view(dir: string): Promise<unknown> {
  await restart(dir);
  const strip = (stories: CdnStory[]) => Object.fromEntries(stories.map((story) => [story.full_slug, withoutEditable(story.content)]));
  const rows = await spaceStoryRows(client);
  return {
    published: strip(await cdnStories(space!.publicClient(), "published")),
    drafts: strip(await cdnStories(space!.previewClient(), "draft")),
    states: Object.fromEntries(rows.map((row) => [row.full_slug, [row.published, row.unpublished_changes]])),
  };
}

async function run(snapshot: string): Promise<void> {
  const readPublished = async (uuid: string) =>
    (await space!.publicClient().get(`cdn/stories/${uuid}`, { version: "published", find_by: "uuid" } as never)).data.story as CdnStory;
  const plan = planSpaceRun(await readSpaceStories(client, readPublished), [shout], () => []);
  await writeSpaceRun(client, plan, { spaceId: SPACE_ID, migrations: [shout.id], ran: RAN, snapshotPath: snapshot });
}

const listed = async () => (await readSpaceJournal(client)).entries.filter((entry) => entry.name === shout.id).length;

describe("a run on a space whose second story write fails", () => {
  it("is cut short: one story recorded as written, the journal lists nothing, and undo puts every version back", async () => {
    const { dir, snapshot } = await startSpace();
    const before = await view(dir);
    failNthPut(3); // in slug order: the never-published story's save, the pending one's publish, then its draft: fails.
    await expect(run(snapshot)).rejects.toThrow();
    const lastRun = readLastRun(snapshot)!;
    expect(cutShort(lastRun)).toBe(true);
    expect(lastRun.journalExisted).toBe(false);
    expect(Object.fromEntries(lastRun.stories.map((story) => [story.fullSlug, story.afterSha256 !== undefined]))).toEqual({
      never: true,
      pending: false,
      published: false,
    });
    expect(await listed()).toBe(0);

    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect(await view(dir)).toEqual(before);
    expect(readLastRun(snapshot)).toBeUndefined();
  });
});

describe("undo", () => {
  it("cut short by a failed restore has already taken the run's entries and the datasource it made out; the next undo finishes", async () => {
    const { dir, snapshot } = await startSpace();
    const before = await view(dir);
    await run(snapshot);
    expect(cutShort(readLastRun(snapshot)!)).toBe(false);
    expect(await listed()).toBe(1);

    failNthPut(2);
    await expect(undoSpaceRun(client, snapshot)).rejects.toThrow();
    expect(readLastRun(snapshot)?.undoing).toBe(true);
    expect(cutShort(readLastRun(snapshot)!)).toBe(true);
    expect((await readSpaceJournal(client)).datasourceId).toBeUndefined();

    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect(await view(dir)).toEqual(before);
  });

  it("keeps the journal the space had before the run: the datasource and every other entry", async () => {
    const { dir, snapshot } = await startSpace();
    await recordInSpace(client, await readSpaceJournal(client), ["20250101000000-earlier"], "2025-01-01T00:00:00.000Z");
    await run(snapshot);
    expect(readLastRun(snapshot)?.journalExisted).toBe(true);
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    await restart(dir);
    expect((await readSpaceJournal(client)).entries.map((entry) => [entry.name, entry.value])).toEqual([
      ["20250101000000-earlier", "2025-01-01T00:00:00.000Z"],
    ]);
  });

  it("refuses while a story was edited since the run, naming it and writing nothing; forced, it restores it", async () => {
    const { dir, snapshot } = await startSpace();
    const before = await view(dir);
    await run(snapshot);
    const row = (await spaceStoryRows(client)).find((candidate) => candidate.full_slug === "never")!;
    await client.stories.update(row.id, { body: { story: { name: "never", slug: "never", content: page(teaser("edited")) } } as never });
    puts = 0;
    expect(await undoSpaceRun(client, snapshot)).toEqual({
      undone: false,
      reason: expect.stringContaining("edited since the run"),
      changedSince: ["never"],
    });
    expect(puts).toBe(0);
    expect(await listed()).toBe(1);

    expect(await undoSpaceRun(client, snapshot, true)).toMatchObject({ undone: true });
    expect(await view(dir)).toEqual(before);
  });
});
