/**
 * After `space push`, the space's journal lists the migrations the pushed
 * content has had (its `.migrations/journal.json`), so `migrate run --space`
 * does not run them again on content they already changed; unless the space
 * holds stories the push did not write, which have not had them. A local
 * space over HTTP (the local Management API), read back through the real
 * Management API client.
 */
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { readLocalStories } from "../../../tools/space-push/local-stories";
import { recordPushedMigrations } from "../../../tools/migrations/space/pushed-migrations";
import { readSpaceJournal } from "../../../tools/migrations/space/space-journal";
import { CONTENT, removeDirs, spaceHoldingContent, type LocalSpace } from "../management/space-harness";

const dirs: string[] = [];
let content: string;
let space: LocalSpace;
let pushedSlugs: string[];

const RUNS = [
  {
    ran: "2026-11-20T10:00:00.000Z",
    migrations: ["20261120095900-rename-hero-headline", "20261120095930-project-status"],
    files: ["stories/home.json"],
  },
  { ran: "2026-11-22T16:30:00.000Z", migrations: ["20261122163000-drop-link-icon"], files: ["stories/site.json"] },
];

/** The space's journal as name → value (the time each migration ran). */
async function journalEntries(): Promise<Record<string, string>> {
  const journal = await readSpaceJournal(space.client());
  return Object.fromEntries(journal.entries.map((entry) => [entry.name, entry.value]));
}

beforeEach(async () => {
  // The content folder that was pushed, with the journal of the runs it has had.
  content = await mkdtemp(join(tmpdir(), "pushed-migrations-content-"));
  await cp(CONTENT, content, { recursive: true });
  await mkdir(join(content, ".migrations"), { recursive: true });
  await writeFile(join(content, ".migrations", "journal.json"), `${JSON.stringify({ runs: RUNS }, null, 2)}\n`);
  pushedSlugs = (await readLocalStories(content)).map((story) => story.fullSlug);
  // A space holding exactly what the push wrote.
  const spaceDir = await mkdtemp(join(tmpdir(), "pushed-migrations-space-"));
  dirs.push(content, spaceDir);
  space = await spaceHoldingContent(spaceDir);
  return () => space.close();
});

afterAll(() => removeDirs(dirs));

describe("the migrations pushed content has had, recorded in the space", () => {
  it("every one, with the time it ran on the content; a second push records nothing more", async () => {
    const outcome = await recordPushedMigrations(space.client(), { dir: content, pushedSlugs });
    expect(outcome).toEqual({ kind: "recorded", recorded: RUNS.flatMap((run) => run.migrations) });
    expect(await journalEntries()).toEqual({
      "20261120095900-rename-hero-headline": "2026-11-20T10:00:00.000Z",
      "20261120095930-project-status": "2026-11-20T10:00:00.000Z",
      "20261122163000-drop-link-icon": "2026-11-22T16:30:00.000Z",
    });
    expect(await recordPushedMigrations(space.client(), { dir: content, pushedSlugs })).toEqual({ kind: "recorded", recorded: [] });
    expect(Object.keys(await journalEntries())).toHaveLength(3);
    // Nothing left to record: stories the push did not write do not matter then, and a dry run has nothing to say.
    const fewer = pushedSlugs.filter((slug) => !slug.startsWith("projects/"));
    expect(await recordPushedMigrations(space.client(), { dir: content, pushedSlugs: fewer })).toEqual({ kind: "recorded", recorded: [] });
    expect(await recordPushedMigrations(space.client(), { dir: content, pushedSlugs, dryRun: true })).toEqual({
      kind: "recorded",
      recorded: [],
    });
  });

  it("only those the space's journal lacks: a migration already run on the space keeps its entry", async () => {
    const first = RUNS[0]!.migrations[0]!;
    await recordPushedMigrations(space.client(), { dir: content, pushedSlugs: pushedSlugs });
    const before = await journalEntries();
    expect(before[first]).toBe(RUNS[0]!.ran);
    // The content gains a run; the space had the first two already.
    const later = { ran: "2026-11-24T08:00:00.000Z", migrations: ["20261124080000-caption-rich-text"], files: [] };
    await writeFile(join(content, ".migrations", "journal.json"), JSON.stringify({ runs: [...RUNS, later] }));
    expect(await recordPushedMigrations(space.client(), { dir: content, pushedSlugs })).toEqual({
      kind: "recorded",
      recorded: later.migrations,
    });
    expect(await journalEntries()).toEqual({ ...before, [later.migrations[0]!]: later.ran });
  });

  it("nothing, naming them, when the space holds a story the push did not write", async () => {
    const others = pushedSlugs.filter((slug) => slug.startsWith("projects/"));
    const outcome = await recordPushedMigrations(space.client(), {
      dir: content,
      pushedSlugs: pushedSlugs.filter((slug) => !others.includes(slug)),
    });
    expect(outcome).toEqual({ kind: "other-stories", missing: RUNS.flatMap((run) => run.migrations), others: [...others].sort() });
    expect(await readSpaceJournal(space.client())).toEqual({ datasourceId: undefined, entries: [] });
  });

  it("a dry run says what it would record and writes nothing", async () => {
    const from = space.mapi.requests.length;
    expect(await recordPushedMigrations(space.client(), { dir: content, pushedSlugs, dryRun: true })).toEqual({
      kind: "would-record",
      recorded: RUNS.flatMap((run) => run.migrations),
    });
    expect(space.mapi.requests.slice(from).filter((request) => request.method !== "GET")).toEqual([]);
    expect(await readSpaceJournal(space.client())).toEqual({ datasourceId: undefined, entries: [] });
  });

  it("nothing to record for content no migration ran on", async () => {
    const outcome = await recordPushedMigrations(space.client(), { dir: CONTENT, pushedSlugs });
    expect(outcome).toEqual({ kind: "recorded", recorded: [] });
    expect(await readSpaceJournal(space.client())).toEqual({ datasourceId: undefined, entries: [] });
  });
});
