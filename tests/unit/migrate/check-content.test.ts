/**
 * `portfolio check` fails CI on content drift: a breaking schema change no
 * migration covers, a migration the content has not had, a story that does
 * not validate; and passes on the repository as it is.
 */
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { REPO } from "../../support/repo-root";
import { Project } from "./support/project";

const project = new Project();
afterAll(() => project.remove());
// Each case starts from the repository's state.
afterEach(() => {
  project.git("reset", "-q", "--hard");
  project.git("clean", "-qfdx", "-e", "node_modules");
});

const renameHeadline = () =>
  project.editSchema((components) => {
    const hero = components.get("hero_section")!;
    const { headline, ...rest } = hero.schema;
    hero.schema = { title: headline!, ...rest };
  });

describe("portfolio check", () => {
  it("passes on the repository as it is", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(REPO, "bin/portfolio.js"), "check"], { cwd: REPO });
    // Exact: the changes that need no migration (the translatable flags) are recorded in a snapshot (`migrate snapshot`).
    expect(stdout).toBe(
      "src/generated is up to date with schema/components.json.\ncontent/: 7 stories match schema/components.json (src/generated/validators.ts).\n",
    );
  });

  it("fails on a breaking change no migration covers, naming it and the command to run", async () => {
    renameHeadline();
    expect((await project.portfolio("generate")).code).toBe(0);
    const { code, stdout } = await project.portfolio("check");
    expect(code).toBe(1);
    expect(stdout).toContain("schema/components.json changed since the last migration's snapshot (migrations/");
    expect(stdout).toContain("  + field hero_section.title: string\n  - field hero_section.headline\n");
    expect(stdout).toContain(
      "Write one: `npm run portfolio -- migrate new <name> --rename hero_section.headline=title` (if those are renames)",
    );
    // The content is checked too, and says why it fails.
    expect(stdout).toContain("content/stories/home.json: content(page).body[0](hero_section).title: is required");
  });

  it("fails the same way before codegen, and checks the content once the generated code is current", async () => {
    renameHeadline();
    const { code, stdout } = await project.portfolio("check");
    expect(code).toBe(1);
    expect(stdout).toContain("Run `npm run codegen` to update src/generated/.");
    expect(stdout).toContain("  - field hero_section.headline\n");
    expect(stdout).toContain("content/ is checked against the schema once src/generated is current.");
  });

  it("passes a change every old value still fits, without a migration", async () => {
    const pending = (stdout: string) => Number(/(\d+) change\(s\) since migrations\//.exec(stdout)?.[1] ?? 0);
    const before = pending((await project.portfolio("check")).stdout);
    project.editSchema((components) => {
      components.get("hero_section")!.schema.kicker = { type: "text", pos: 9 };
    });
    expect((await project.portfolio("generate")).code).toBe(0);
    const { code, stdout } = await project.portfolio("check");
    expect(code, stdout).toBe(0);
    expect(pending(stdout)).toBe(before + 1);
  });

  it("fails while the content has not had a migration, then passes once it has", async () => {
    renameHeadline();
    expect((await project.portfolio("generate")).code).toBe(0);
    expect((await project.portfolio("migrate", "new", "rename-hero-headline", "--rename", "hero_section.headline=title")).code).toBe(0);
    const pending = await project.portfolio("check");
    expect(pending.code).toBe(1);
    expect(pending.stdout).toContain(
      `content/ has not had 1 migration(s): ${project.migrationId("rename-hero-headline")}. Run \`npm run portfolio -- migrate run\`.`,
    );
    expect(pending.stdout).not.toContain("changed since the last migration's snapshot");
    expect((await project.portfolio("migrate", "run")).code).toBe(0);
    const done = await project.portfolio("check");
    expect(done.code, done.stdout).toBe(0);
    expect(done.stdout).toContain(
      "content/: 7 stories match schema/components.json (src/generated/validators.ts), and have had every migration (1).",
    );
  });

  it("fails on a story that does not validate, naming the file, the block path and what to do", async () => {
    project.write("content/stories/site.json", project.read("content/stories/site.json").replace('"site_name"', '"site_title"'));
    const { code, stdout } = await project.portfolio("check");
    expect(code).toBe(1);
    expect(stdout).toContain("content/ does not follow schema/components.json: 2 problem(s).");
    expect(stdout).toContain("  content/stories/site.json: content(site_config).site_name: is required");
    expect(stdout).toContain("`npm run portfolio -- migrate new <name>`, then `npm run portfolio -- migrate run`");
  });

  it("without a snapshot, says schema changes are not held to migrations and still checks the content", async () => {
    project.git("rm", "-rq", "migrations");
    const { code, stdout } = await project.portfolio("check");
    expect(code).toBe(0);
    expect(stdout).toContain(
      "No schema snapshot in migrations/: schema changes are not held to migrations (start with `npm run portfolio -- migrate baseline`).",
    );
    expect(stdout).toContain("content/: 7 stories match");
  });

  it("holds the local space's languages (content/space/space.json) to schema/languages.json, naming each difference", async () => {
    const settings = (languages: unknown[], defaultName = "English") =>
      project.write("content/space/space.json", JSON.stringify({ space: { name: "Local", default_lang_name: defaultName, languages } }));
    // The same languages: nothing to say.
    settings([{ code: "nl", name: "Nederlands", ai_translation_code: null }]);
    const same = await project.portfolio("check");
    expect(same.code, same.stdout).toBe(0);
    expect(same.stdout).not.toContain("languages");
    // A space whose languages were never set is held to none.
    project.write("content/space/space.json", JSON.stringify({ space: { name: "Local" } }));
    expect((await project.portfolio("check")).code).toBe(0);

    settings(
      [
        { code: "de", name: "Deutsch" },
        { code: "nl", name: "Dutch" },
      ],
      "Default",
    );
    const { code, stdout } = await project.portfolio("check");
    expect(code).toBe(1);
    expect(stdout).toContain(
      [
        "The local space's languages are not the ones src/generated is generated for:",
        "  language de (Deutsch) is in content/space/space.json, not in schema/languages.json",
        '  language nl is named "Dutch" in content/space/space.json, "Nederlands" in schema/languages.json',
        '  the default language is named "Default" in content/space/space.json, "English" in schema/languages.json',
        "Make them the same: edit schema/languages.json and run `npm run codegen`, or set the local space's",
      ].join("\n"),
    );

    settings([
      { code: "fr", name: "Français" },
      { code: "nl", name: "Nederlands" },
    ]);
    project.write(
      "schema/languages.json",
      JSON.stringify({
        default_lang_name: "English",
        languages: [
          { code: "nl", name: "Nederlands" },
          { code: "fr", name: "Français" },
        ],
      }),
    );
    expect((await project.portfolio("generate")).code).toBe(0);
    const reordered = await project.portfolio("check");
    expect(reordered.code).toBe(1);
    expect(reordered.stdout).toContain(
      "  the languages are in another order: fr, nl in content/space/space.json, nl, fr in schema/languages.json\n",
    );
  });
});

describe("portfolio migrate snapshot", () => {
  const pending = (stdout: string) => /(\d+) change\(s\) since (migrations\/\S+) need no migration/.exec(stdout);
  const addKicker = () =>
    project.editSchema((components) => {
      components.get("hero_section")!.schema.kicker = { type: "text", pos: 9, translatable: true };
    });

  it("records changes that need no migration: check then lists none, and the next migration is written from it", async () => {
    addKicker();
    expect((await project.portfolio("generate")).code).toBe(0);
    const listed = await project.portfolio("check");
    expect(listed.code, listed.stdout).toBe(0);
    expect(pending(listed.stdout)?.[1]).toBe("1");
    expect(listed.stdout).toContain("`npm run portfolio -- migrate snapshot <name>` records them.");

    const recorded = await project.portfolio("migrate", "snapshot", "add-kicker");
    expect(recorded.code, recorded.stderr).toBe(0);
    const id = readdirSync(join(project.root, "migrations")).find((name) => name.endsWith("-add-kicker"));
    expect(id).toBeDefined();
    expect(recorded.stdout).toContain(`Wrote migrations/${id}/schema/: the schema now, with no migration`);
    expect(recorded.stdout).toContain("  + field hero_section.kicker?: string\n");
    // A snapshot only: the schema as it is now, no migration to run.
    expect(project.read(`migrations/${id}/schema/components.json`)).toBe(project.read("schema/components.json"));
    expect(project.read(`migrations/${id}/schema/languages.json`)).toBe(project.read("schema/languages.json"));
    expect(readdirSync(join(project.root, "migrations"))).not.toContain(`${id}.ts`);

    const exact = await project.portfolio("check");
    expect(exact.code, exact.stdout).toBe(0);
    expect(pending(exact.stdout)).toBeNull();
    expect(exact.stdout).toContain("content/: 7 stories match schema/components.json (src/generated/validators.ts).\n");

    // The next migration compares with the snapshot: its "before" side has the kicker, and only the rename is new.
    renameHeadline();
    expect((await project.portfolio("generate")).code).toBe(0);
    const written = await project.portfolio("migrate", "new", "rename-hero-headline", "--rename", "hero_section.headline=title");
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(`Changes since migrations/${id}/schema:`);
    expect(written.stdout).not.toContain("hero_section.kicker");
    expect(project.read(`migrations/${project.migrationId("rename-hero-headline")}/before/components.ts`)).toContain("kicker");
  });

  it("refuses a change content may not fit, no change, a bad name and a folder with no snapshot, writing nothing", async () => {
    const migrations = () => project.files("migrations");
    const before = migrations();
    const refused = async (args: string[], message: string) => {
      const { code, stderr } = await project.portfolio("migrate", "snapshot", ...args);
      expect(code, stderr).toBe(2);
      expect(stderr).toContain(message);
    };
    await refused(["again"], "has no block or field changes since migrations/");
    await refused(["Add Kicker"], '"Add Kicker" is not a snapshot name');
    renameHeadline();
    expect((await project.portfolio("generate")).code).toBe(0);
    await refused(["rename"], "  - field hero_section.headline\n");
    await refused(["rename"], "Write a migration for them instead: `npm run portfolio -- migrate new <name>`");
    expect(migrations()).toEqual(before);
    project.git("rm", "-rq", "migrations");
    await refused(["first"], "the first one is the baseline, `npm run portfolio -- migrate baseline`");
  });
});
