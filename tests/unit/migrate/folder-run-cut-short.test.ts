/**
 * A folder run and its undo cut short at each crash point of
 * tools/crash-point.ts (PORTFOLIO_CRASH_AT, its SIGKILL turned into a throw
 * here so the test lives on: the crash tests kill the CLI, which mutation
 * testing cannot see), in-process on a temporary content folder: what is on
 * disk at that moment (the snapshot before any story, a story before the
 * journal, the journal put back before the stories), that the run counts as
 * cut short, and that undo (or the next undo) leaves the folder byte for byte
 * as it was. A run writes and lists only the files it changed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JOURNAL_FILE, LAST_RUN_FILE } from "../../../tools/migrations/journal";
import { cutShortRun, planDirectoryRun, undoLastRun, writeRun } from "../../../tools/migrations/run/directory-run";
import type { LoadedMigration } from "../../../tools/migrations/run/migrate-story";
import { storyText } from "../../../tools/migrations/run/plan-run";
import { crashAt } from "../../support/crash-in-process";

const upper: LoadedMigration = {
  id: "20260101000000-upper",
  blocks: { page: ((block: { title: string }) => ({ ...block, title: block.title.toUpperCase() })) as never },
};
const story = (slug: string, title: string) => ({
  id: 1,
  uuid: `uuid-${slug}`,
  name: slug,
  slug,
  full_slug: slug,
  content: { component: "page", _uid: slug, title },
});
/** Two stories the migration changes, one it leaves (already upper case), and the journal of an earlier run. */
const FILES = {
  "stories/a.json": storyText(story("a", "alpha")),
  "stories/b.json": storyText(story("b", "beta")),
  "stories/c.json": storyText(story("c", "GAMMA")),
  [JOURNAL_FILE]: `${JSON.stringify({ runs: [{ ran: "2025-01-01T00:00:00.000Z", migrations: ["20250101000000-earlier"], files: [] }] }, null, 2)}\n`,
};

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "folder-run-cut-short-"));
  dirs.push(dir);
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}
const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const asBefore = (dir: string) => Object.fromEntries(Object.keys(FILES).map((file) => [file, read(dir, file)]));

async function run(dir: string): Promise<string[]> {
  return writeRun(dir, await planDirectoryRun(dir, [upper], () => []), [upper.id], new Date("2026-01-01T00:00:00.000Z"));
}

describe("a folder run", () => {
  it("writes and lists only the files it changed, and its journal entry names them", async () => {
    const dir = folder();
    expect(await run(dir)).toEqual(["stories/a.json", "stories/b.json"]);
    expect(read(dir, "stories/c.json")).toBe(FILES["stories/c.json"]);
    const journal = JSON.parse(read(dir, JOURNAL_FILE)) as { runs: { files: string[] }[] };
    expect(journal.runs.at(-1)!.files).toEqual(["stories/a.json", "stories/b.json"]);
    expect((JSON.parse(read(dir, LAST_RUN_FILE)) as { files: { file: string }[] }).files.map((entry) => entry.file)).toEqual([
      "stories/a.json",
      "stories/b.json",
    ]);
  });

  it("cut short after its snapshot: no story written, the run cut short, and undo leaves the folder as it was", async () => {
    const dir = folder();
    crashAt("folder-run:after-intent");
    await expect(run(dir)).rejects.toThrow("crashed at folder-run:after-intent");
    expect(asBefore(dir)).toEqual(FILES);
    expect(existsSync(join(dir, LAST_RUN_FILE))).toBe(true);
    expect(cutShortRun(dir)?.migrations).toEqual([upper.id]);
    vi.unstubAllEnvs();
    expect(undoLastRun(dir)).toMatchObject({ undone: true });
    expect(asBefore(dir)).toEqual(FILES);
    expect(existsSync(join(dir, LAST_RUN_FILE))).toBe(false);
  });

  it("cut short after its first story: that story migrated, the journal as it was, and undo puts the story back", async () => {
    const dir = folder();
    crashAt("folder-run:after-file");
    await expect(run(dir)).rejects.toThrow("crashed at folder-run:after-file");
    expect(JSON.parse(read(dir, "stories/a.json")).content.title).toBe("ALPHA");
    expect(read(dir, "stories/b.json")).toBe(FILES["stories/b.json"]);
    expect(read(dir, JOURNAL_FILE)).toBe(FILES[JOURNAL_FILE]);
    expect(cutShortRun(dir)).toBeDefined();
    vi.unstubAllEnvs();
    expect(undoLastRun(dir)).toMatchObject({ undone: true });
    expect(asBefore(dir)).toEqual(FILES);
  });
});

describe("a folder undo", () => {
  it("cut short after putting the journal back: the stories still migrated, the run cut short, and the next undo finishes", async () => {
    const dir = folder();
    await run(dir);
    crashAt("folder-undo:after-journal");
    expect(() => undoLastRun(dir)).toThrow("crashed at folder-undo:after-journal");
    expect(read(dir, JOURNAL_FILE)).toBe(FILES[JOURNAL_FILE]);
    expect(JSON.parse(read(dir, "stories/a.json")).content.title).toBe("ALPHA");
    expect(cutShortRun(dir)).toBeDefined();
    vi.unstubAllEnvs();
    expect(undoLastRun(dir)).toMatchObject({ undone: true });
    expect(asBefore(dir)).toEqual(FILES);
  });

  it("cut short after its first story: that story back, the other not yet, and the next undo finishes", async () => {
    const dir = folder();
    await run(dir);
    crashAt("folder-undo:after-file");
    expect(() => undoLastRun(dir)).toThrow("crashed at folder-undo:after-file");
    expect(read(dir, "stories/a.json")).toBe(FILES["stories/a.json"]);
    expect(JSON.parse(read(dir, "stories/b.json")).content.title).toBe("BETA");
    vi.unstubAllEnvs();
    expect(undoLastRun(dir)).toMatchObject({ undone: true });
    expect(asBefore(dir)).toEqual(FILES);
  });
});
