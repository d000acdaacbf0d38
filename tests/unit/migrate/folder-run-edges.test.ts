/**
 * A folder run's edges, in-process on a temporary content folder: pending
 * drafts are migrated beside published stories; a file the migration leaves
 * as it is keeps its bytes (no write for formatting alone); a second run's
 * undo puts back the first run's journal byte for byte and keeps
 * `.migrations/`; a file deleted since the run is an edit undo refuses; and
 * a story a migration failed on still counts as existing for the others'
 * links, so only the real problem is reported.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { JOURNAL_FILE, LAST_RUN_FILE } from "../../../tools/migrations/journal";
import type { LoadedMigration } from "../../../tools/migrations/run/migrate-story";
import {
  cutShortRun,
  pendingIn,
  planDirectoryRun,
  readStoryTexts,
  undoLastRun,
  writeRun,
} from "../../../tools/migrations/run/directory-run";
import { planRun, storyText } from "../../../tools/migrations/run/plan-run";

const upper = (id: string): LoadedMigration => ({
  id,
  blocks: { page: ((block: { title: string }) => ({ ...block, title: block.title.toUpperCase() })) as never },
});
const exclaim = (id: string): LoadedMigration => ({
  id,
  blocks: { page: ((block: { title: string }) => ({ ...block, title: `${block.title}!` })) as never },
});

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const story = (slug: string, title: string, extra: object = {}) => ({
  id: 1,
  uuid: `uuid-${slug}`,
  name: slug,
  slug,
  full_slug: slug,
  content: { component: "page", _uid: slug, title, ...extra },
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "folder-run-edges-"));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}
const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

describe("a folder run", () => {
  it("reads stories/ and drafts/, nested folders too, by their paths in the content folder", async () => {
    const dir = folder({
      "stories/work/a.json": storyText(story("work/a", "a")),
      "drafts/work/a.json": storyText(story("work/a", "a draft")),
      "stories/home.json": storyText(story("home", "home")),
      "notes.json": "{}",
    });
    expect((await readStoryTexts(dir)).map((text) => text.file).sort()).toEqual([
      "drafts/work/a.json",
      "stories/home.json",
      "stories/work/a.json",
    ]);
    const plan = await planDirectoryRun(dir, [upper("1")], () => []);
    expect(
      Object.fromEntries(plan.outcomes.map((outcome) => [outcome.file, [outcome.fullSlug, JSON.parse(outcome.after).content.title]])),
    ).toEqual({
      "drafts/work/a.json": ["work/a", "A DRAFT"],
      "stories/home.json": ["home", "HOME"],
      "stories/work/a.json": ["work/a", "A"],
    });
  });

  it("keeps a file's own bytes when the migration leaves its story as it was, however the file is formatted", () => {
    const compact = JSON.stringify(story("compact", "ALREADY"));
    const plan = planRun([{ file: "stories/compact.json", text: compact }], [upper("1")], () => []);
    expect(plan.outcomes[0]!.after).toBe(compact);
    expect(plan.outcomes[0]!.before).toBe(compact);
  });

  it("writes a changed story in the content's format: two-space JSON and a final newline", () => {
    const plan = planRun([{ file: "stories/a.json", text: JSON.stringify(story("a", "a")) }], [upper("1")], () => []);
    expect(plan.outcomes[0]!.after).toBe(`${JSON.stringify(story("a", "A"), null, 2)}\n`);
  });

  it("undone after a second run puts back the first run's journal byte for byte and keeps .migrations/", async () => {
    const dir = folder({ "stories/a.json": storyText(story("a", "a")) });
    writeRun(dir, await planDirectoryRun(dir, [upper("1")], () => []), ["1"], new Date(0));
    const afterFirst = { journal: read(dir, JOURNAL_FILE), story: read(dir, "stories/a.json") };
    writeRun(dir, await planDirectoryRun(dir, [exclaim("2")], () => []), ["2"], new Date(1000));
    expect(JSON.parse(read(dir, JOURNAL_FILE)).runs.map((run: { migrations: string[] }) => run.migrations)).toEqual([["1"], ["2"]]);
    expect(pendingIn(dir, ["1", "2", "3"])).toEqual(["3"]);

    expect(undoLastRun(dir)).toEqual({ undone: true, migrations: ["2"], files: ["stories/a.json"] });
    expect({ journal: read(dir, JOURNAL_FILE), story: read(dir, "stories/a.json") }).toEqual(afterFirst);
    expect([existsSync(join(dir, ".migrations")), existsSync(join(dir, LAST_RUN_FILE))]).toEqual([true, false]);
    expect(pendingIn(dir, ["1", "2"])).toEqual(["2"]);
  });

  it("is cut short only while the journal is the text the run found: a later journal means the run got to its commit", async () => {
    const dir = folder({ "stories/a.json": storyText(story("a", "a")) });
    writeRun(dir, await planDirectoryRun(dir, [upper("1")], () => []), ["1"], new Date(0));
    const committed = read(dir, JOURNAL_FILE);
    expect(cutShortRun(dir)).toBeUndefined();
    // As a kill before the journal of a second run: its snapshot holds the first run's journal text.
    writeRun(dir, await planDirectoryRun(dir, [exclaim("2")], () => []), ["2"], new Date(1000));
    writeFileSync(join(dir, JOURNAL_FILE), committed);
    expect(cutShortRun(dir)).toMatchObject({ migrations: ["2"], journal: committed });
  });

  it("undo counts a file deleted since the run as an edit, and puts it back when forced", async () => {
    const dir = folder({ "stories/a.json": storyText(story("a", "a")), "stories/b.json": storyText(story("b", "b")) });
    const before = read(dir, "stories/a.json");
    writeRun(dir, await planDirectoryRun(dir, [upper("1")], () => []), ["1"], new Date(0));
    rmSync(join(dir, "stories/a.json"));
    expect(undoLastRun(dir)).toEqual({ undone: false, reason: expect.stringContaining("--force"), changedSince: ["stories/a.json"] });
    expect(undoLastRun(dir, true)).toMatchObject({ undone: true });
    expect(read(dir, "stories/a.json")).toBe(before);
  });

  it("leaves no temporary file behind, and writes a story whose folder is new", async () => {
    const dir = folder({ "stories/a.json": storyText(story("a", "a")) });
    writeRun(dir, await planDirectoryRun(dir, [upper("1")], () => []), ["1"], new Date(0));
    const listing = (sub: string) => readdir(join(dir, sub));
    expect([listing("stories"), listing(".migrations")]).toEqual([["a.json"], ["journal.json", "last-run.json"]]);
  });
});

describe("planRun's validation", () => {
  it("sees a story a migration failed on as existing, so a link to it is no problem of its own", () => {
    const links = (migrated: CdnStory, hasStory: (uuid: string) => boolean) =>
      typeof migrated.content.link === "string" && !hasStory(migrated.content.link) ? [`link to ${migrated.content.link} is dangling`] : [];
    const fails: LoadedMigration = {
      id: "f",
      blocks: {
        page: ((block: { title: string }) => {
          if (block.title === "bad") throw new Error("cannot");
          return block;
        }) as never,
      },
    };
    const plan = planRun(
      [
        { file: "stories/a.json", text: storyText(story("a", "fine", { link: "uuid-b" })) },
        { file: "stories/b.json", text: storyText(story("b", "bad")) },
        { file: "stories/c.json", text: storyText(story("c", "fine", { link: "uuid-nowhere" })) },
      ],
      [fails],
      links,
    );
    expect(plan.problems).toEqual([
      "stories/b.json (b): content(page): migration f: cannot",
      "stories/c.json (c): link to uuid-nowhere is dangling",
    ]);
    expect(plan.outcomes.map((outcome) => outcome.file)).toEqual(["stories/a.json", "stories/c.json"]);
  });

  it("lets an error that is not a migration's failure through", () => {
    const broken: LoadedMigration = { id: "x", blocks: { page: (() => ({ component: "page", _uid: "p", self: 1n })) as never } };
    expect(() => planRun([{ file: "stories/a.json", text: storyText(story("a", "a")) }], [broken], () => [])).toThrow(TypeError);
  });
});

function readdir(path: string): string[] {
  return readdirSync(path).sort();
}
