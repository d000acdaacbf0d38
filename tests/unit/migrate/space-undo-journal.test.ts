/**
 * What undo on a space takes out of the space's journal, in-process on the
 * local Management API over HTTP: the run's own entries (by migration and
 * run time) and the datasource only when the run made it and nothing else
 * is in it now; and a snapshot from before `journalExisted` and
 * `intendedSha256` were kept is still undone as it says.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { planSpaceRun } from "../../../tools/migrations/space/plan-space-run";
import { JOURNAL_DATASOURCE, readSpaceJournal, recordInSpace } from "../../../tools/migrations/space/space-journal";
import { readLastRun, writeLastRun } from "../../../tools/migrations/space/space-snapshot";
import { readSpaceStories } from "../../../tools/migrations/space/space-stories";
import { contentSha256, undoSpaceRun, writeSpaceRun } from "../../../tools/migrations/space/write-space-run";
import { OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "../management/space-harness";
import { RAN, page, shout, teaser } from "./support/space-run-fixtures";

const dirs: string[] = [];
let space: LocalSpace | undefined;
let client: ManagementClient;

afterEach(async () => {
  await space?.close();
  space = undefined;
  await removeDirs(dirs.splice(0));
});

/** A space with one published story holding a teaser; the snapshot's path. */
async function startSpace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "space-undo-journal-"));
  dirs.push(dir);
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
  await client.stories.create({ body: { story: { name: "home", slug: "home", content: page(teaser("one")) }, publish: 1 } as never });
  return join(dir, "last-run.json");
}

async function run(snapshot: string): Promise<void> {
  const plan = planSpaceRun(await readSpaceStories(client, async () => ({}) as CdnStory), [shout], () => []);
  await writeSpaceRun(client, plan, { spaceId: SPACE_ID, migrations: [shout.id], ran: RAN, snapshotPath: snapshot });
}

const headline = async () => {
  const row = (await client.stories.list()).data.stories!.find((candidate) => candidate.full_slug === "home")!;
  return ((await client.stories.get(row.id)).data.story!.content as unknown as { body: { headline: string }[] }).body[0]!.headline;
};
const entries = async () => (await readSpaceJournal(client)).entries.map((entry) => [entry.name, entry.value]);

describe("undo on a space", () => {
  it("whose run made the journal keeps it when another entry went in since, taking out only the run's", async () => {
    const snapshot = await startSpace();
    await run(snapshot);
    expect(readLastRun(snapshot)).toMatchObject({ journalExisted: false, journal: { created: true } });
    const { datasourceId } = await readSpaceJournal(client);
    await recordInSpace(client, await readSpaceJournal(client), ["20260201000000-later"], "2026-02-01T00:00:00.000Z");
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true, migrations: [shout.id], stories: ["home"] });
    expect((await readSpaceJournal(client)).datasourceId).toBe(datasourceId);
    expect(await entries()).toEqual([["20260201000000-later", "2026-02-01T00:00:00.000Z"]]);
    expect(await headline()).toBe("one");
  });

  it("takes out only the entry of the run's own time: the same migration recorded at another time stays", async () => {
    const snapshot = await startSpace();
    await recordInSpace(client, await readSpaceJournal(client), [shout.id], "2025-12-31T00:00:00.000Z");
    await run(snapshot);
    expect(await entries()).toEqual([
      [shout.id, "2025-12-31T00:00:00.000Z"],
      [shout.id, RAN.toISOString()],
    ]);
    await undoSpaceRun(client, snapshot);
    expect(await entries()).toEqual([[shout.id, "2025-12-31T00:00:00.000Z"]]);
  });

  it("from a snapshot without journalExisted: the datasource goes when the recorded run made it, and stays when it did not", async () => {
    for (const created of [true, false]) {
      const snapshot = await startSpace();
      await run(snapshot);
      const { journalExisted: _dropped, ...older } = readLastRun(snapshot)!;
      writeLastRun(snapshot, { ...older, journal: { ...older.journal!, created } });
      await undoSpaceRun(client, snapshot);
      const journal = await readSpaceJournal(client);
      expect([created, journal.datasourceId === undefined, journal.entries]).toEqual([created, created, []]);
      if (!created) {
        const list = (await client.datasources.list()).data.datasources!;
        expect(list.map((datasource) => datasource.slug)).toEqual([JOURNAL_DATASOURCE.slug]);
      }
      await space!.close();
      space = undefined;
    }
  });

  it("from a snapshot without hashes for a story (cut short before it, from before intendedSha256): restores it without comparing", async () => {
    const snapshot = await startSpace();
    await run(snapshot);
    const lastRun = readLastRun(snapshot)!;
    writeLastRun(snapshot, {
      ...lastRun,
      stories: lastRun.stories.map(({ afterSha256: _after, intendedSha256: _intended, ...story }) => story),
    });
    const row = (await client.stories.list()).data.stories!.find((candidate) => candidate.full_slug === "home")!;
    await client.stories.update(row.id, { body: { story: { name: "home", slug: "home", content: page(teaser("edited")) } } as never });
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect(await headline()).toBe("one");
  });

  it("knows a story already restored by an undo cut short as no edit", async () => {
    const snapshot = await startSpace();
    await run(snapshot);
    const row = (await client.stories.list()).data.stories!.find((candidate) => candidate.full_slug === "home")!;
    // As an undo cut short after restoring the story: the published version before the run is back.
    await client.stories.update(row.id, {
      body: { story: { name: "home", slug: "home", content: page(teaser("one")) }, publish: 1 } as never,
    });
    expect(readLastRun(snapshot)!.stories[0]!.afterSha256).not.toBe(contentSha256(page(teaser("one"))));
    expect(await undoSpaceRun(client, snapshot)).toMatchObject({ undone: true });
    expect(await headline()).toBe("one");
  });
});
