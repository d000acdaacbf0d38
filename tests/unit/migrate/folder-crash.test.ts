/**
 * `migrate run` and `migrate undo` on a content folder, killed (SIGKILL, as
 * a power cut) at each of their write points by PORTFOLIO_CRASH_AT
 * (tools/crash-point.ts), as a real child process on a copy of the
 * repository. Each time the journal lists the migration only if every file
 * has it, and running the same command again ends where an uninterrupted
 * one does: every story file migrated once (or back byte for byte), the
 * journal listing the migration once (or not at all).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Project, type CliResult } from "./support/project";

const project = new Project();
afterAll(() => project.remove());

let id: string;
/** content/ before any run, and its story files after an uninterrupted one. */
let before: Map<string, string>;
let migrated: Map<string, string>;

const storyFiles = () => new Map([...project.files("content")].filter(([path]) => !path.startsWith("content/.migrations/")));
const journalRuns = (): { migrations: string[] }[] => {
  try {
    return (JSON.parse(project.read("content/.migrations/journal.json")) as { runs: { migrations: string[] }[] }).runs;
  } catch {
    return [];
  }
};
const listed = () => journalRuns().filter((run) => run.migrations.includes(id)).length;

/** The CLI with PORTFOLIO_CRASH_AT set: it must die there, not finish. */
async function killedAt(point: string, ...args: string[]): Promise<CliResult & { signal?: string }> {
  const result = await project.portfolioWith({ PORTFOLIO_CRASH_AT: point }, ...args);
  expect(result.signal, `${point}: ${result.stdout}${result.stderr}`).toBe("SIGKILL");
  return result;
}

beforeAll(async () => {
  // Two changes that touch seven story files: home's hero renamed, every project given a status (drafts too).
  project.editSchema((components) => {
    const hero = components.get("hero_section")!;
    const { headline, ...rest } = hero.schema;
    hero.schema = { title: headline!, ...rest };
    components.get("project")!.schema.status = {
      type: "option",
      pos: 30,
      required: true,
      options: [{ name: "Live", value: "live" }],
      default_value: "live",
      exclude_empty_option: true,
    };
  });
  expect((await project.portfolio("generate")).code).toBe(0);
  expect((await project.portfolio("migrate", "new", "crash", "--rename", "hero_section.headline=title")).code).toBe(0);
  id = project.migrationId("crash");
  const uses = [project.signature(id, "hero_section"), project.signature(id, "project")].some((line) => line.includes("Migrating<"))
    ? ["renameField", "type Migrating"]
    : ["renameField"];
  project.fill(
    id,
    uses,
    [
      project.signature(id, "hero_section"),
      // The headline's translations are renamed with it.
      '    return renameField(block, "headline", "title");',
      "  },",
      project.signature(id, "project"),
      '    return { ...block, status: "live" };',
      "  },",
    ].join("\n"),
  );
  before = project.files("content");
  const run = await project.portfolio("migrate", "run");
  expect(run.code, run.stderr).toBe(0);
  migrated = storyFiles();
  expect([...migrated].filter(([path, bytes]) => before.get(path) !== bytes).length).toBeGreaterThanOrEqual(3);
  expect((await project.portfolio("migrate", "undo")).code).toBe(0);
  expect(project.files("content")).toEqual(before);
}, 120_000);

describe("migrate run killed", () => {
  it.each(["folder-run:after-intent", "folder-run:after-file:1", "folder-run:after-file:3"])(
    "at %s: the journal does not list the run; running again ends as an uninterrupted run",
    async (point) => {
      await killedAt(point, "migrate", "run");
      expect(listed()).toBe(0);
      const again = await project.portfolio("migrate", "run");
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain("was cut short before its journal: put back the");
      expect(storyFiles()).toEqual(migrated);
      expect(listed()).toBe(1);
      expect((await project.portfolio("migrate", "undo")).code).toBe(0);
      expect(project.files("content")).toEqual(before);
    },
  );

  it("at folder-run:after-file:2, then undone instead: every file back byte for byte", async () => {
    await killedAt("folder-run:after-file:2", "migrate", "run");
    const undo = await project.portfolio("migrate", "undo");
    expect(undo.code, undo.stderr).toBe(0);
    expect(project.files("content")).toEqual(before);
  });
});

describe("migrate undo killed", () => {
  it.each([
    ["folder-undo:after-journal", "undo"],
    ["folder-undo:after-file:2", "undo"],
    ["folder-undo:after-file:2", "run"],
  ])(
    "at %s, then %s again: the journal no longer lists the run, and the folder ends as that command leaves it uninterrupted",
    async (point, next) => {
      expect((await project.portfolio("migrate", "run")).code).toBe(0);
      await killedAt(point, "migrate", "undo");
      expect(listed()).toBe(0);
      const again = await project.portfolio("migrate", next);
      expect(again.code, again.stderr).toBe(0);
      if (next === "undo") {
        expect(project.files("content")).toEqual(before);
      } else {
        expect(storyFiles()).toEqual(migrated);
        expect(listed()).toBe(1);
        expect((await project.portfolio("migrate", "undo")).code).toBe(0);
        expect(project.files("content")).toEqual(before);
      }
    },
  );
});
