/**
 * writeRun, cutShortRun and undoLastRun in-process on a temporary content
 * folder (folder-crash.test.ts kills the CLI; these reach the same states
 * directly, so mutation testing sees them): the snapshot before the files,
 * the journal last; a run whose journal was never written is cut short; undo
 * takes a file already as it was for done, refuses one edited since unless
 * forced, and leaves the folder byte for byte as before.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { JOURNAL_FILE, LAST_RUN_FILE } from "../../../tools/migrations/journal";
import type { LoadedMigration } from "../../../tools/migrations/run/migrate-story";
import { cutShortRun, pendingIn, planDirectoryRun, undoLastRun, writeRun } from "../../../tools/migrations/run/directory-run";

const shout: LoadedMigration = {
  id: "20260101000000-shout",
  blocks: { page: ((block: { title: string }) => ({ ...block, title: block.title.toUpperCase() })) as never },
};
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "folder-write-"));
  dirs.push(dir);
  mkdirSync(join(dir, "stories"));
  for (const slug of ["a", "b"])
    writeFileSync(
      join(dir, "stories", `${slug}.json`),
      `${JSON.stringify({ uuid: slug, full_slug: slug, content: { component: "page", _uid: slug, title: slug } }, null, 2)}\n`,
    );
  return dir;
}
const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

describe("a run on a folder", () => {
  it("writes the files and then the journal, keeps the snapshot, and is not cut short; undo puts everything back byte for byte", async () => {
    const dir = folder();
    const before = { a: read(dir, "stories/a.json"), b: read(dir, "stories/b.json") };
    const plan = await planDirectoryRun(dir, [shout], () => []);
    expect(writeRun(dir, plan, [shout.id], new Date(0))).toEqual(["stories/a.json", "stories/b.json"]);
    expect(JSON.parse(read(dir, "stories/a.json")).content.title).toBe("A");
    expect(JSON.parse(read(dir, JOURNAL_FILE))).toEqual({
      runs: [{ ran: "1970-01-01T00:00:00.000Z", migrations: [shout.id], files: ["stories/a.json", "stories/b.json"] }],
    });
    expect(pendingIn(dir, [shout.id])).toEqual([]);
    expect(cutShortRun(dir)).toBeUndefined();

    expect(undoLastRun(dir)).toEqual({ undone: true, migrations: [shout.id], files: ["stories/a.json", "stories/b.json"] });
    expect({ a: read(dir, "stories/a.json"), b: read(dir, "stories/b.json") }).toEqual(before);
    expect([existsSync(join(dir, JOURNAL_FILE)), existsSync(join(dir, LAST_RUN_FILE)), existsSync(join(dir, ".migrations"))]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("is never written with problems", async () => {
    const dir = folder();
    const plan = await planDirectoryRun(dir, [shout], () => ["bad"]);
    expect(() => writeRun(dir, plan, [shout.id], new Date(0))).toThrow("never written");
    expect(existsSync(join(dir, LAST_RUN_FILE))).toBe(false);
  });

  it("whose journal never came is cut short; undo finishes it with a file already as it was counting as done", async () => {
    const dir = folder();
    const before = read(dir, "stories/b.json");
    writeRun(dir, await planDirectoryRun(dir, [shout], () => []), [shout.id], new Date(0));
    // As a kill after the first file: the journal as the run found it (none), b not yet written.
    rmSync(join(dir, JOURNAL_FILE));
    writeFileSync(join(dir, "stories/b.json"), before);
    expect(cutShortRun(dir)?.migrations).toEqual([shout.id]);
    expect(pendingIn(dir, [shout.id])).toEqual([shout.id]);
    expect(undoLastRun(dir)).toMatchObject({ undone: true });
    expect(JSON.parse(read(dir, "stories/a.json")).content.title).toBe("a");
    expect(cutShortRun(dir)).toBeUndefined();
  });

  it("undo refuses a file edited since the run, naming it and writing nothing, and restores it when forced", async () => {
    const dir = folder();
    writeRun(dir, await planDirectoryRun(dir, [shout], () => []), [shout.id], new Date(0));
    writeFileSync(join(dir, "stories/a.json"), "edited\n");
    const journal = read(dir, JOURNAL_FILE);
    expect(undoLastRun(dir)).toEqual({ undone: false, reason: expect.stringContaining("changed since"), changedSince: ["stories/a.json"] });
    expect([read(dir, "stories/a.json"), read(dir, JOURNAL_FILE)]).toEqual(["edited\n", journal]);
    expect(undoLastRun(dir, true)).toMatchObject({ undone: true });
    expect(JSON.parse(read(dir, "stories/a.json")).content.title).toBe("a");
    expect(undoLastRun(dir)).toMatchObject({ undone: false, reason: expect.stringContaining("no run to undo") });
  });
});
