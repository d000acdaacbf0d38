/**
 * A run on a space and its undo cut short, in-process on the local
 * Management API and CDN over HTTP: at each crash point of
 * tools/crash-point.ts (PORTFOLIO_CRASH_AT, its SIGKILL turned into a throw
 * here, so the test lives on: the crash tests kill the CLI, which mutation
 * testing cannot see), and in the snapshots such a cut leaves (a story
 * written but its hash not recorded, the journal entry made but not
 * recorded). Undo must know each story's working copy as the run left or
 * meant to leave it, whatever its state (published, pending, never
 * published), refuse a story edited since (naming it), and take out the
 * journal the run made. A plan with problems is never written at all.
 */
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import type { LoadedMigration } from "../../../tools/migrations/run/migrate-story";
import { planSpaceRun } from "../../../tools/migrations/space/plan-space-run";
import { readSpaceJournal } from "../../../tools/migrations/space/space-journal";
import { lastRunPath, readLastRun, writeLastRun, type SpaceLastRun } from "../../../tools/migrations/space/space-snapshot";
import { readSpaceStories, withoutEditable } from "../../../tools/migrations/space/space-stories";
import { cutShort, undoSpaceRun, writeSpaceRun } from "../../../tools/migrations/space/write-space-run";
import { spaceStoryRows } from "../management/space-push-readback";
import { isWrite, OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "../management/space-harness";
import { crashAt } from "../../support/crash-in-process";
import { RAN, page, shout, teaser } from "./support/space-run-fixtures";

/** In full-slug order, as the run writes them. */
const SLUGS = ["never", "pending", "published"];

const dirs: string[] = [];
let space: LocalSpace;
let client: ManagementClient;
let before: unknown;

/** Every story's state, working copy and published version (read from the CDN with no client cache). */
async function view(): Promise<unknown> {
  const rows = await spaceStoryRows(client);
  const stories: Record<string, unknown> = {};
  for (const row of rows.sort((a, b) => a.full_slug.localeCompare(b.full_slug))) {
    const working = (await client.stories.get(row.id)).data.story!.content;
    const answer = await fetch(`${space.url}/v2/cdn/stories/${row.full_slug}?token=${space.token}&version=published&cv=${Date.now()}`);
    const published = answer.ok ? withoutEditable(((await answer.json()) as { story: CdnStory }).story.content) : answer.status;
    stories[row.full_slug] = { published: row.published, pending: row.unpublished_changes, working, live: published };
  }
  return stories;
}

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "space-run-cut-short-"));
  dirs.push(dir);
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
  const create = async (slug: string, content: object, publish: boolean) =>
    (await client.stories.create({ body: { story: { name: slug, slug, content }, ...(publish ? { publish: 1 } : {}) } as never })).data
      .story!;
  await create("published", page(teaser("one")), true);
  const pending = await create("pending", page(teaser("live")), true);
  await client.stories.update(pending.id, {
    body: { story: { name: "pending", slug: "pending", content: page(teaser("draft")) } } as never,
  });
  await create("never", page(teaser("draft only")), false);
  before = await view();
});

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

/** This test's snapshots: one a failed test leaves is undone, forced, so the next test starts from the same space. */
const snapshots: string[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const snapshot of snapshots.splice(0)) if (existsSync(snapshot)) await undoSpaceRun(client, snapshot, true);
});

async function snapshotPath(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "space-run-cut-short-notes-"));
  dirs.push(dir);
  snapshots.push(join(dir, "last-run.json"));
  return join(dir, "last-run.json");
}

const readPublished = async (uuid: string) =>
  (await space.publicClient().get(`cdn/stories/${uuid}`, { version: "published", find_by: "uuid", cv: Date.now() } as never)).data
    .story as CdnStory;

async function run(snapshot: string, validate: () => string[] = () => []): Promise<void> {
  const plan = planSpaceRun(await readSpaceStories(client, readPublished), [shout], validate);
  await writeSpaceRun(client, plan, { spaceId: SPACE_ID, migrations: [shout.id], ran: RAN, snapshotPath: snapshot });
}

/** The snapshot as it is, changed by `edit`. */
function rewrite(snapshot: string, edit: (lastRun: SpaceLastRun) => SpaceLastRun): void {
  writeLastRun(snapshot, edit(readLastRun(snapshot)!));
}

async function edit(slug: string, headline: string): Promise<void> {
  const row = (await spaceStoryRows(client)).find((candidate) => candidate.full_slug === slug)!;
  await client.stories.update(row.id, { body: { story: { name: slug, slug, content: page(teaser(headline)) } } as never });
}

const writesSince = (from: number) => space.mapi.requests.slice(from).filter(isWrite).length;
const journalEntries = async () => (await readSpaceJournal(client)).entries.map((entry) => entry.name);

describe("a run on a space", () => {
  it("with problems is never written: no snapshot, no write; a migration failing names the story, its version and the block", async () => {
    const snapshot = await snapshotPath();
    const failing: LoadedMigration = {
      id: "20260101000000-fails",
      blocks: {
        teaser: () => {
          throw new Error("no headline");
        },
      },
    };
    const plan = planSpaceRun(await readSpaceStories(client, readPublished), [failing], () => []);
    const where = "content(page).body[0](teaser): migration 20260101000000-fails: no headline";
    expect(plan.problems).toEqual([
      `never (draft): ${where}`,
      `pending (published): ${where}`,
      `pending (draft): ${where}`,
      `published (published): ${where}`,
    ]);
    const from = space.mapi.requests.length;
    const options = { spaceId: SPACE_ID, migrations: [failing.id], ran: RAN, snapshotPath: snapshot };
    await expect(writeSpaceRun(client, plan, options)).rejects.toThrow("a run with problems is never written");
    await expect(run(snapshot, () => ["body.0: a planted problem"])).rejects.toThrow("a run with problems is never written");
    expect(existsSync(snapshot)).toBe(false);
    expect(writesSince(from)).toBe(0);
  });

  it("keeps its snapshot where undo looks for it: .data/migrations/<space id>/last-run.json under the project", () => {
    expect(lastRunPath(join("project"), 42)).toBe(join("project", ".data", "migrations", "42", "last-run.json"));
  });

  it("cut short after its snapshot: nothing written, every story in the snapshot, and undo leaves the space as it was", async () => {
    const snapshot = await snapshotPath();
    crashAt("space-run:after-intent");
    const from = space.mapi.requests.length;
    await expect(run(snapshot)).rejects.toThrow("crashed at space-run:after-intent");
    expect(writesSince(from)).toBe(0);
    const lastRun = readLastRun(snapshot)!;
    expect(cutShort(lastRun)).toBe(true);
    expect(lastRun.stories.map((story) => [story.fullSlug, story.afterSha256])).toEqual(SLUGS.map((slug) => [slug, undefined]));
    vi.unstubAllEnvs();
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true, stories: SLUGS });
    expect(await view()).toEqual(before);
  });

  it("cut short after its first story, before recording it: undo knows that story's copy as the run's and puts it back", async () => {
    const snapshot = await snapshotPath();
    crashAt("space-run:after-story");
    await expect(run(snapshot)).rejects.toThrow("crashed at space-run:after-story");
    const lastRun = readLastRun(snapshot)!;
    expect(lastRun.stories.map((story) => story.afterSha256 !== undefined)).toEqual([false, false, false]);
    const never = page({ ...teaser("draft only"), headline: "DRAFT ONLY" });
    expect(((await view()) as Record<string, { working: unknown }>).never!.working).toEqual(never);
    vi.unstubAllEnvs();
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect(await view()).toEqual(before);
  });

  it("with every story written but no hash recorded: undo knows each state's working copy (published, pending, draft)", async () => {
    const snapshot = await snapshotPath();
    await run(snapshot);
    rewrite(snapshot, (lastRun) => ({ ...lastRun, stories: lastRun.stories.map(({ afterSha256: _after, ...story }) => story) }));
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true, stories: SLUGS });
    expect(await view()).toEqual(before);
  });

  it("cut short after its journal entry, before recording it: undo takes out the entry and the datasource the run made", async () => {
    const snapshot = await snapshotPath();
    crashAt("space-run:after-entry");
    await expect(run(snapshot)).rejects.toThrow("crashed at space-run:after-entry");
    expect(await journalEntries()).toEqual([shout.id]);
    expect([readLastRun(snapshot)!.journalExisted, readLastRun(snapshot)!.journal]).toEqual([false, undefined]);
    expect(cutShort(readLastRun(snapshot)!)).toBe(true);
    vi.unstubAllEnvs();
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect((await readSpaceJournal(client)).datasourceId).toBeUndefined();
    expect(await view()).toEqual(before);
  });
});

describe("undo on a space", () => {
  it("with no snapshot says there is no run to undo, naming the file and what writes it", async () => {
    const snapshot = await snapshotPath();
    expect(await undoSpaceRun(client, snapshot)).toEqual({
      undone: false,
      reason: `no run to undo (${snapshot} is written by migrate run --space and removed by undo)`,
    });
  });

  it("refuses a story edited after a run cut short before its hash was recorded, naming it and writing nothing", async () => {
    const snapshot = await snapshotPath();
    await run(snapshot);
    rewrite(snapshot, (lastRun) => ({ ...lastRun, stories: lastRun.stories.map(({ afterSha256: _after, ...story }) => story) }));
    await edit("never", "edited");
    const from = space.mapi.requests.length;
    expect(await undoSpaceRun(client, snapshot)).toEqual({
      undone: false,
      reason: expect.stringContaining("edited since"),
      changedSince: ["never"],
    });
    expect(writesSince(from)).toBe(0);
    expect(await undoSpaceRun(client, snapshot, true)).toMatchObject({ undone: true });
    expect(await view()).toEqual(before);
  });

  it("refuses a story edited since, from a snapshot with its hash after the write but no intended hashes (older snapshots)", async () => {
    const snapshot = await snapshotPath();
    await run(snapshot);
    rewrite(snapshot, (lastRun) => ({
      ...lastRun,
      stories: lastRun.stories.map(({ intendedSha256: _intended, ...story }) => story),
    }));
    await edit("published", "edited");
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: false, changedSince: ["published"] });
    expect(await undoSpaceRun(client, snapshot, true)).toMatchObject({ undone: true });
    expect(await view()).toEqual(before);
  });

  it("cut short after taking out the journal: the entries are gone, the stories not yet back, and the next undo finishes", async () => {
    const snapshot = await snapshotPath();
    await run(snapshot);
    crashAt("space-undo:after-journal");
    await expect(undoSpaceRun(client, snapshot)).rejects.toThrow("crashed at space-undo:after-journal");
    expect(readLastRun(snapshot)?.undoing).toBe(true);
    expect((await readSpaceJournal(client)).datasourceId).toBeUndefined();
    expect(await view()).not.toEqual(before);
    vi.unstubAllEnvs();
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect(await view()).toEqual(before);
    expect(readLastRun(snapshot)).toBeUndefined();
  });

  it("cut short after its first story: that story is back, the others not yet, and the next undo finishes", async () => {
    const snapshot = await snapshotPath();
    await run(snapshot);
    crashAt("space-undo:after-story");
    await expect(undoSpaceRun(client, snapshot)).rejects.toThrow("crashed at space-undo:after-story");
    const now = (await view()) as Record<string, { working: unknown }>;
    const was = before as Record<string, { working: unknown }>;
    expect(SLUGS.map((slug) => JSON.stringify(now[slug]!.working) === JSON.stringify(was[slug]!.working))).toEqual([true, false, false]);
    vi.unstubAllEnvs();
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect(await view()).toEqual(before);
  });
});
