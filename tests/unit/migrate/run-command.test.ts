/**
 * `portfolio migrate run` and `migrate undo` on a copy of the repository:
 * --dry-run writes nothing, undo restores the folder byte for byte, and a
 * result that does not validate stops the run before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Project } from "./support/project";

const project = new Project();
afterAll(() => project.remove());

let id: string;
beforeAll(async () => {
  project.editSchema((components) => {
    const hero = components.get("hero_section")!;
    const { headline, ...rest } = hero.schema;
    hero.schema = { title: headline!, ...rest };
  });
  expect((await project.portfolio("generate")).code).toBe(0);
  const created = await project.portfolio("migrate", "new", "rename-hero-headline", "--rename", "hero_section.headline=title");
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain("Rename confirmed: hero_section.headline → title.");
  id = project.migrationId("rename-hero-headline");
  project.commit("a schema change and its migration, not yet run");
});

describe("portfolio migrate run", () => {
  it("--dry-run checks everything, prints the summary and the diff, and writes nothing", async () => {
    const before = project.files("content");
    const { code, stdout } = await project.portfolio("migrate", "run", "--dry-run", "--diff");
    expect(code).toBe(0);
    expect(stdout).toContain(`Dry run of 1 migration(s) on content/: ${id}`);
    expect(stdout).toContain(
      "stories/home.json (home): 1 block changed (hero_section); fields touched: hero_section.headline, hero_section.headline__i18n__nl, hero_section.title, hero_section.title__i18n__nl",
    );
    expect(stdout).toContain("--- a/stories/home.json\n+++ b/stories/home.json\n");
    expect(stdout).toMatch(/^-\s+"headline": "I design and build/m);
    expect(stdout).toMatch(/^\+\s+"title": "I design and build/m);
    expect(stdout).toContain("Dry run: every result is valid; nothing was written.");
    expect(project.git("status", "--porcelain", "--ignored", "--untracked-files=all", "content")).toBe("");
    expect(project.files("content")).toEqual(before);
  });

  it("stops before writing when a result does not validate, naming the story, the block path and the problem", async () => {
    const script = project.read(`migrations/${id}.ts`);
    const broken = script.replace(
      '...renameField(block, "headline", "title"),',
      '...renameField(block, "headline", "title"),\n      title: block.headline.length as unknown as string,',
    );
    expect(broken).not.toBe(script);
    project.write(`migrations/${id}.ts`, broken);
    const before = project.files("content");
    const { code, stderr } = await project.portfolio("migrate", "run");
    expect(code).toBe(1);
    expect(stderr).toContain("stories/home.json (home): content(page).body[0](hero_section).title: must be a string, got number");
    expect(stderr).toContain("nothing was written");
    expect(project.files("content")).toEqual(before);
    project.write(`migrations/${id}.ts`, script);
  });

  it("runs, journals what ran, and undo restores every file byte for byte", async () => {
    const before = project.files("content");
    const run = await project.portfolio("migrate", "run");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Wrote 1 file(s) and content/.migrations/journal.json.");
    expect(project.git("status", "--porcelain", "content").split("\n").filter(Boolean).sort()).toEqual(
      ["?? content/.migrations/", " M content/stories/home.json"].sort(),
    );
    const journal = JSON.parse(project.read("content/.migrations/journal.json")) as { runs: { migrations: string[]; files: string[] }[] };
    expect(journal.runs).toEqual([{ ran: expect.any(String), migrations: [id], files: ["stories/home.json"] }]);
    expect((await project.portfolio("migrate", "run")).stdout).toContain(
      "Nothing to run: content/ has had every migration in migrations/ (1).",
    );

    const undo = await project.portfolio("migrate", "undo");
    expect(undo.code, undo.stderr).toBe(0);
    expect(undo.stdout).toContain(`Undid ${id} on content/: 1 file(s) restored as they were, and the journal.`);
    expect(project.files("content")).toEqual(before);
    expect(project.git("status", "--porcelain", "--ignored", "--untracked-files=all", "content")).toBe("");
    expect((await project.portfolio("migrate", "undo")).code).toBe(1);
  });

  it("undo refuses to overwrite a file edited since the run, unless --force", async () => {
    const before = project.files("content");
    expect((await project.portfolio("migrate", "run")).code).toBe(0);
    const edited = project.read("content/stories/home.json").replace('"theme": "dark"', '"theme": "light"');
    project.write("content/stories/home.json", edited);
    const refused = await project.portfolio("migrate", "undo");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("changed since: content/stories/home.json");
    expect(project.read("content/stories/home.json")).toBe(edited);
    expect((await project.portfolio("migrate", "undo", "--force")).code).toBe(0);
    expect(project.files("content")).toEqual(before);
  });

  it("refuses to run against generated code that is not the schema's", async () => {
    const validators = project.read("src/generated/validators.ts");
    project.write("src/generated/validators.ts", validators.replace('"title": ["text", 1]', '"title": ["text", 0]'));
    const { code, stderr } = await project.portfolio("migrate", "run", "--dry-run");
    expect(code).toBe(1);
    expect(stderr).toContain("src/generated is not generated from schema/components.json: run `npm run codegen` first");
    project.write("src/generated/validators.ts", validators);
  });

  it("refuses a content folder that does not exist, creating nothing", async () => {
    for (const command of ["run", "undo"]) {
      const { code, stderr } = await project.portfolio("migrate", command, "--dir", "no-such-content");
      expect(code).toBe(2);
      expect(stderr).toContain("--dir no-such-content: no such folder.");
    }
    expect(project.git("status", "--porcelain", "--untracked-files=all")).toBe("");
  });
});

describe("portfolio migrate new", () => {
  it("refuses a name, a rename or a schema it cannot use, writing nothing", async () => {
    const before = project.files("migrations");
    const cases: [string[], string][] = [
      [["Bad Name"], '"Bad Name" is not a migration name'],
      [
        ["other", "--rename", "hero_section.eyebrow=kicker"],
        "--rename hero_section.eyebrow=kicker: hero_section.eyebrow was not removed since the last snapshot",
      ],
      [["again"], "has no block or field changes since migrations/"],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await project.portfolio("migrate", "new", ...args);
      expect(code).toBe(2);
      expect(stderr).toContain(message);
    }
    expect(project.files("migrations")).toEqual(before);
  });

  it("baseline refuses when migrations have started", async () => {
    const { code, stderr } = await project.portfolio("migrate", "baseline");
    expect(code).toBe(2);
    expect(stderr).toContain("exists already");
  });
});
