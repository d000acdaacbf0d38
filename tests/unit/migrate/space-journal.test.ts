/**
 * The journal a space keeps of its migrations (tools/migrations/space/
 * space-journal.ts), in-process on the local Management API over HTTP: the
 * journal datasource found among others and past a first page, every entry
 * read past a first page and none of another datasource's, and whether
 * recording made the datasource (undo of an older snapshot deletes it only
 * then). One space for the file: each test goes on from the one before.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { JOURNAL_DATASOURCE, readSpaceJournal, recordInSpace } from "../../../tools/migrations/space/space-journal";
import { OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "../management/space-harness";

const dirs: string[] = [];
let space: LocalSpace;
let client: ManagementClient;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "space-journal-"));
  dirs.push(dir);
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
});

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

const ids = (count: number, from: number) =>
  Array.from({ length: count }, (_, i) => `2026${String(from + i).padStart(10, "0")}-step-${from + i}`);

describe("the journal of a space", () => {
  it("is none on a space without its datasource, then is found among the space's datasources, past a page of them", async () => {
    expect(await readSpaceJournal(client)).toEqual({ datasourceId: undefined, entries: [] });
    // Other datasources first, more than a page at the API's default size (25), one with entries of its own.
    const others: number[] = [];
    for (let i = 0; i < 30; i++) {
      const { data } = await client.datasources.create({ body: { datasource: { name: `Other ${i}`, slug: `other-${i}` } } });
      others.push((data as { datasource: { id: number } }).datasource.id);
    }
    await client.datasourceEntries.create({
      body: { datasource_entry: { name: "not-a-migration", value: "x", datasource_id: others[0]! } },
    });

    const recorded = await recordInSpace(client, await readSpaceJournal(client), ["20260101000000-first"], "2026-01-01T00:00:00.000Z");
    expect(recorded.created).toBe(true);
    expect(others).not.toContain(recorded.datasourceId);
    const list = (await client.datasources.list({ query: { per_page: 100 } })).data.datasources!;
    expect(list.find((datasource) => datasource.id === recorded.datasourceId)).toMatchObject(JOURNAL_DATASOURCE);

    const journal = await readSpaceJournal(client);
    expect(journal.datasourceId).toBe(recorded.datasourceId);
    expect(journal.entries.map((entry) => [entry.id, entry.name, entry.value])).toEqual([
      [recorded.entryIds[0], "20260101000000-first", "2026-01-01T00:00:00.000Z"],
    ]);
  });

  it("records into the datasource it has (not made: undo must keep it) and reads every entry back, past a page of them", async () => {
    const { datasourceId } = await readSpaceJournal(client);
    const migrations = ids(30, 1);
    const recorded = await recordInSpace(client, await readSpaceJournal(client), migrations, "2026-02-01T00:00:00.000Z");
    expect(recorded).toEqual({ datasourceId, created: false, entryIds: expect.any(Array) });
    expect(recorded.entryIds).toHaveLength(30);
    const journal = await readSpaceJournal(client);
    expect(journal.entries.map((entry) => entry.name)).toEqual(["20260101000000-first", ...migrations]);
    expect(journal.entries.slice(1).map((entry) => entry.id)).toEqual(recorded.entryIds);
  });
});
