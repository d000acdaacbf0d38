/**
 * What `space push` writes to its journal, and how far the next push trusts
 * it. After a push, the journal holds each story's, folder's and asset's
 * space id and uuid, the hash of what it wrote and the space's own stamps
 * after that write. The next push takes an entry's word only while the space
 * agrees (same id and uuid, same `updated_at`, same `published_at`); an entry
 * it cannot trust costs a read, or, for the published version under a pending
 * draft, which the Management API cannot show, a write, never a wrong skip.
 * The local Management API over HTTP, without its rate limit.
 */
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pushContent, type PushSummary } from "../../../tools/space-push";
import type { JournalData } from "../../../tools/space-push/journal";
import { readLocalStories } from "../../../tools/space-push/local-stories";
import { spaceAssets, spaceStoryRows } from "./space-push-readback";
import { COMPONENTS, CONTENT, isWrite, removeDirs, spaceWithComponents, SPACE_ID, startLocalSpace, type LocalSpace } from "./space-harness";

const dirs: string[] = [];
let space: LocalSpace;
let journalPath: string;
/** The journal as the first push left it. */
let written: JournalData;
const local = await readLocalStories(CONTENT);

const push = () =>
  pushContent(space.client(), { spaceId: SPACE_ID, dir: CONTENT, componentsPath: COMPONENTS, target: space.apiUrl, journalPath });
const readJournal = async () => JSON.parse(await readFile(journalPath, "utf8")) as JournalData;
const actions = (summary: PushSummary) => summary.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`);

/** Pushes with the journal as `edit` leaves the first push's, and returns the summary and the write requests it made. */
async function pushWith(edit: (journal: JournalData) => void) {
  const journal = structuredClone(written);
  edit(journal);
  await writeFile(journalPath, JSON.stringify(journal));
  const from = space.mapi.requests.length;
  const summary = await push();
  return { summary, writes: space.mapi.requests.slice(from).filter(isWrite) };
}

beforeAll(async () => {
  const dir = await spaceWithComponents();
  const notes = await mkdtemp(join(tmpdir(), "space-push-journal-"));
  dirs.push(dir, notes);
  journalPath = join(notes, "journal.json");
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  await push();
  written = await readJournal();
}, 120_000);

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

describe("the journal of a push to an empty space", () => {
  it("is this space's at this API", () => {
    expect({ version: written.version, space: written.space, target: written.target }).toEqual({
      version: 1,
      space: String(SPACE_ID),
      target: space.apiUrl,
    });
  });

  it("holds each story's id and uuid, the hash it wrote, and the space's updated_at and published_at after it", async () => {
    const rows = new Map((await spaceStoryRows(space.client())).map((row) => [row.full_slug, row as typeof row & Record<string, unknown>]));
    expect(Object.keys(written.stories).sort()).toEqual(local.map((story) => story.fullSlug).sort());
    for (const story of local) {
      const entry = written.stories[story.fullSlug]!;
      const row = rows.get(story.fullSlug)!;
      expect({ id: entry.id, uuid: entry.uuid }, story.fullSlug).toEqual({ id: row.id, uuid: row.uuid });
      expect(entry.workingHash, story.fullSlug).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.updatedAt, story.fullSlug).toBe(row.updated_at);
      expect(entry.publishedAt, story.fullSlug).toBe(row.published_at);
      // The published version is the working one, but under Fieldnotes' pending draft.
      if (story.state === "published-with-draft") expect(entry.publishedHash).not.toBe(entry.workingHash);
      else expect(entry.publishedHash, story.fullSlug).toBe(entry.workingHash);
    }
  });

  it("holds each folder's id and uuid, and each asset's, finished, by the hash of its file", async () => {
    const rows = await spaceStoryRows(space.client());
    expect(written.folders).toEqual(
      Object.fromEntries(
        rows.filter((row) => row.is_folder).map((row) => [row.full_slug.replace(/\/$/, ""), { id: row.id, uuid: row.uuid }]),
      ),
    );
    const assets = await spaceAssets(space.client());
    expect(Object.keys(written.assets)).toHaveLength(17);
    for (const [hash, entry] of Object.entries(written.assets)) {
      const asset = assets.find((candidate) => candidate.ext_id === `sha256:${hash}`);
      expect(entry).toEqual({ id: asset?.id, filename: asset?.filename, finished: true });
    }
  });
});

describe("the next push", () => {
  // Each push leaves the journal true to the space (asserted where it matters): the next test starts from it.
  afterEach(async () => {
    written = await readJournal();
  });

  it("trusting the journal: reads no story and writes nothing, and leaves the journal as it was", async () => {
    const { summary, writes } = await pushWith(() => {});
    expect(summary.requests.byCall.getStory).toBeUndefined();
    expect(writes).toEqual([]);
    expect(await readJournal()).toEqual(written);
  });

  it.each([
    ["id", (entry: { id: number }) => (entry.id += 1000)],
    ["uuid", (entry: { uuid: string }) => (entry.uuid = "another-space-uuid")],
  ] as const)(
    "does not trust an entry whose %s is not the story's: reads it, writes nothing, and journals the story anew",
    async (_, edit) => {
      const { summary, writes } = await pushWith((journal) => edit(journal.stories.home as never));
      expect(summary.requests.byCall.getStory).toBe(1);
      expect(writes).toEqual([]);
      expect(summary.editedInSpace).toEqual([]);
      expect((await readJournal()).stories.home).toEqual(written.stories.home);
    },
  );

  it("reads a story whose updated_at moved since the journal's (a write whose answer was lost), finds it its own: no edit, no write", async () => {
    const { summary, writes } = await pushWith((journal) => {
      journal.stories["projects/tidewater"]!.updatedAt = "2020-01-01T00:00:00.000Z";
    });
    expect(summary.requests.byCall.getStory).toBe(1);
    expect(summary.editedInSpace).toEqual([]);
    expect(writes).toEqual([]);
    await writeFile(journalPath, JSON.stringify(written));
  });

  it("under a pending draft, the same: the space holds one of the two versions the push writes, so it is its own", async () => {
    const { summary, writes } = await pushWith((journal) => {
      journal.stories["projects/fieldnotes"]!.updatedAt = "2020-01-01T00:00:00.000Z";
    });
    expect(summary.requests.byCall.getStory).toBe(1);
    expect(summary.editedInSpace).toEqual([]);
    expect(writes).toEqual([]);
  });

  it("reads a story whose entry has neither stamp, writes nothing, and journals both stamps again", async () => {
    const { summary, writes } = await pushWith((journal) => {
      delete journal.stories["projects/ledger-lane"]!.updatedAt;
      delete journal.stories["projects/ledger-lane"]!.publishedAt;
    });
    expect(summary.requests.byCall.getStory).toBe(1);
    expect(writes).toEqual([]);
    expect((await readJournal()).stories["projects/ledger-lane"]).toEqual(written.stories["projects/ledger-lane"]);
  });

  it("republishes the published version under a pending draft when the journal's published_at is not the space's, and writes the draft over it again", async () => {
    const { summary, writes } = await pushWith((journal) => {
      journal.stories["projects/fieldnotes"]!.publishedAt = "2020-01-01T00:00:00.000Z";
    });
    expect(actions(summary)).toEqual(["publish story projects/fieldnotes", "update story projects/fieldnotes"]);
    expect(writes).toHaveLength(2);
    const after = (await readJournal()).stories["projects/fieldnotes"]!;
    expect(after.publishedHash).toBe(written.stories["projects/fieldnotes"]!.publishedHash);
    expect(after.publishedAt).not.toBe("2020-01-01T00:00:00.000Z");
  });

  it("without the hash of the published version under a pending draft: republishes it, and journals it", async () => {
    const { summary } = await pushWith((journal) => {
      delete journal.stories["projects/fieldnotes"]!.publishedHash;
    });
    expect(actions(summary)).toEqual(["publish story projects/fieldnotes", "update story projects/fieldnotes"]);
    expect((await readJournal()).stories["projects/fieldnotes"]!.publishedHash).toBe(written.stories["projects/fieldnotes"]!.publishedHash);
  });

  it("without the hash of a published story with nothing pending: reads it, writes nothing, and journals the hash as the published one", async () => {
    const { summary, writes } = await pushWith((journal) => {
      const entry = journal.stories["projects/klei-atelier"]!;
      delete entry.publishedHash;
      delete entry.workingHash;
    });
    expect(summary.requests.byCall.getStory).toBe(1);
    expect(writes).toEqual([]);
    const entry = (await readJournal()).stories["projects/klei-atelier"]!;
    expect(entry).toEqual(written.stories["projects/klei-atelier"]);
  });

  it("an asset the journal has unfinished is uploaded into the same asset again; one it lacks is learned from the space", async () => {
    const [unfinished, lacking] = Object.keys(written.assets);
    const { summary } = await pushWith((journal) => {
      journal.assets[unfinished!]!.finished = false;
      delete journal.assets[lacking!];
    });
    expect(summary.assets).toEqual({ created: 0, updated: 1, unchanged: 16 });
    expect(summary.actions.filter((action) => action.kind === "asset").map((action) => action.verb)).toEqual(["replace"]);
    const assets = (await readJournal()).assets;
    expect(assets[unfinished!]).toEqual(written.assets[unfinished!]);
    expect(assets[lacking!]).toEqual(written.assets[lacking!]);
    expect(await spaceAssets(space.client())).toHaveLength(17);
  });

  it("an unfinished upload whose asset is gone from the space is uploaded as a new asset", async () => {
    const content = await mkdtemp(join(tmpdir(), "space-push-journal-content-"));
    dirs.push(content);
    await cp(CONTENT, content, { recursive: true });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>';
    await writeFile(join(content, "assets", "gone.svg"), svg);
    const hash = createHash("sha256").update(svg).digest("hex");
    const journal = { ...written, assets: { ...written.assets, [hash]: { id: 987654, filename: "", finished: false } } };
    await writeFile(journalPath, JSON.stringify(journal));
    const summary = await pushContent(space.client(), {
      spaceId: SPACE_ID,
      dir: content,
      componentsPath: COMPONENTS,
      target: space.apiUrl,
      journalPath,
    });
    expect(summary.assets).toEqual({ created: 1, updated: 0, unchanged: 17 });
    expect(actions(summary)).toEqual(["upload asset /assets/gone.svg"]);
    const made = (await spaceAssets(space.client())).find((asset) => asset.ext_id === `sha256:${hash}`)!;
    expect(made.id).not.toBe(987654);
    expect((await readJournal()).assets[hash]).toEqual({ id: made.id, filename: made.filename, finished: true });
  });

  it("a journal of another space or API is not this one's: every story is read but Fieldnotes, which is written again", async () => {
    for (const other of [{ space: "2" }, { target: "eu" }]) {
      const { summary, writes } = await pushWith((journal) => Object.assign(journal, other));
      expect(summary.requests.byCall.getStory).toBe(local.length - 1);
      // What it cannot read, the published version under Fieldnotes' draft, it writes again, and the draft over it.
      expect(actions(summary)).toEqual(["publish story projects/fieldnotes", "update story projects/fieldnotes"]);
      expect(writes).toHaveLength(2);
    }
  });
});
