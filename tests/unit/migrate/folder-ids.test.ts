/**
 * The migrations folder and a content folder's journal, in-process: which
 * ids a folder holds and in which order they run, the id a new migration
 * gets whatever the clock says, and the journal a run reads before it writes
 * (a journal of another shape stops the run instead of being overwritten).
 * The CLI's tests reach these through a child process; these pin them where
 * mutation testing sees them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastSnapshot, listMigrations, NAME, nextId } from "../../../tools/migrations/folder";
import { appliedMigrations, JOURNAL_FILE, journalText, LAST_RUN_FILE, readJournal, sha256 } from "../../../tools/migrations/journal";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "folder-ids-"));
  dirs.push(dir);
  return dir;
}

describe("listMigrations", () => {
  it("lists every id once in running order, with its script and its snapshot when each exists, and nothing else", () => {
    const dir = tempDir();
    // A baseline (snapshot only), a migration with both, one with a script only, and one whose `schema` is a file.
    mkdirSync(join(dir, "20260101000000-baseline", "schema"), { recursive: true });
    writeFileSync(join(dir, "20260301000000-rename-title.ts"), "");
    mkdirSync(join(dir, "20260301000000-rename-title", "schema"), { recursive: true });
    writeFileSync(join(dir, "20260201000000-add-status.ts"), "");
    mkdirSync(join(dir, "20260401000000-odd"));
    writeFileSync(join(dir, "20260401000000-odd", "schema"), "not a folder");
    // Not ids: a short stamp, capitals, a trailing dash, another extension, a stray file.
    for (const name of [
      "2026010100000-short.ts",
      "20260101000000-Upper.ts",
      "20260101000000-trailing-.ts",
      "20260101000000-notes.md",
      "README.md",
    ]) {
      writeFileSync(join(dir, name), "");
    }
    expect(listMigrations(dir)).toEqual([
      { id: "20260101000000-baseline", snapshot: join(dir, "20260101000000-baseline", "schema") },
      { id: "20260201000000-add-status", script: join(dir, "20260201000000-add-status.ts") },
      {
        id: "20260301000000-rename-title",
        script: join(dir, "20260301000000-rename-title.ts"),
        snapshot: join(dir, "20260301000000-rename-title", "schema"),
      },
      { id: "20260401000000-odd" },
    ]);
  });

  it("is empty for a folder that does not exist", () => {
    expect(listMigrations(join(tempDir(), "missing"))).toEqual([]);
  });

  it("takes names of lowercase words and digits joined by single dashes", () => {
    expect(["a", "add-status", "v2-x9"].every((name) => NAME.test(name))).toBe(true);
    expect(["", "-a", "a-", "a--b", "A", "a_b", "a b", "x\nb"].some((name) => NAME.test(name))).toBe(false);
  });
});

describe("lastSnapshot", () => {
  it("is the newest entry with a snapshot, not the newest entry", () => {
    const entries = [
      { id: "1", snapshot: "s1" },
      { id: "2", snapshot: "s2" },
      { id: "3", script: "m3" },
    ];
    expect(lastSnapshot(entries)).toEqual({ id: "2", snapshot: "s2" });
    expect(lastSnapshot([...entries, { id: "4", snapshot: "s4" }])).toEqual({ id: "4", snapshot: "s4" });
    expect(lastSnapshot([{ id: "1", script: "m1" }])).toBeUndefined();
    expect(lastSnapshot([])).toBeUndefined();
  });
});

describe("nextId", () => {
  const at = (iso: string) => new Date(iso);

  it("is the UTC time to the second, then the name", () => {
    expect(nextId([], "add-status", at("2026-03-04T05:06:07.890Z"))).toBe("20260304050607-add-status");
  });

  it("follows the newest id by one second when the clock is at it or behind it, so ids sort in creation order", () => {
    const entries = [{ id: "20260101000000-baseline" }, { id: "20261231235959-last" }];
    expect(nextId(entries, "next", at("2026-06-01T00:00:00Z"))).toBe("20270101000000-next");
    expect(nextId(entries, "next", at("2026-12-31T23:59:59.500Z"))).toBe("20270101000000-next");
    expect(nextId(entries, "next", at("2027-01-01T00:00:01Z"))).toBe("20270101000001-next");
    // Each field of the newest stamp is read where it is: month, day, hours, minutes and seconds carry.
    expect(nextId([{ id: "20260228235959-x" }], "y", at("2000-01-01T00:00:00Z"))).toBe("20260301000000-y");
    expect(nextId([{ id: "20260115083009-x" }], "y", at("2000-01-01T00:00:00Z"))).toBe("20260115083010-y");
  });
});

describe("a content folder's journal", () => {
  it("is empty, with no text, when the folder has none; as written otherwise", () => {
    const dir = tempDir();
    expect(readJournal(dir)).toEqual({ journal: { runs: [] }, text: undefined });
    const journal = {
      runs: [
        { ran: "2026-01-01T00:00:00.000Z", migrations: ["a", "b"], files: ["stories/x.json"] },
        { ran: "2026-01-02T00:00:00.000Z", migrations: ["c"], files: [] },
      ],
    };
    mkdirSync(join(dir, ".migrations"));
    writeFileSync(join(dir, JOURNAL_FILE), journalText(journal));
    expect(readJournal(dir)).toEqual({ journal, text: `${JSON.stringify(journal, null, 2)}\n` });
    expect([...appliedMigrations(journal)]).toEqual(["a", "b", "c"]);
  });

  it("of another shape stops the run, naming the file", () => {
    const dir = tempDir();
    mkdirSync(join(dir, ".migrations"));
    writeFileSync(join(dir, JOURNAL_FILE), '{"runs": {}}');
    expect(() => readJournal(dir)).toThrow(`${join(dir, JOURNAL_FILE)}: expected {"runs": [...]}`);
    writeFileSync(join(dir, JOURNAL_FILE), "[]");
    expect(() => readJournal(dir)).toThrow("expected");
  });

  it("lives in .migrations beside the undo snapshot; a text's hash is its SHA-256", () => {
    expect([JOURNAL_FILE, LAST_RUN_FILE]).toEqual([".migrations/journal.json", ".migrations/last-run.json"]);
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
