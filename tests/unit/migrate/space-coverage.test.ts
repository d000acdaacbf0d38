/**
 * When `schema push` may apply changes existing content would not fit
 * without --allow-breaking: the space's stories have had every migration
 * (the space's journal says so, or `space push` is about to replace them all
 * with content that has), and schema/ is the last migration's schema. A
 * migrations folder with a baseline and one migration, a local space over
 * HTTP holding content/'s stories.
 */
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { readLocalStories } from "../../../tools/space-push/local-stories";
import { spaceCoverage } from "../../../tools/migrations/space/space-coverage";
import { readSpaceJournal, recordInSpace } from "../../../tools/migrations/space/space-journal";
import { REPO } from "../../support/repo-root";
import { CONTENT, removeDirs, spaceHoldingContent, type LocalSpace } from "../management/space-harness";
import { componentIn, writeSchemaDir } from "../management/schema-push-helpers";

const MIGRATION = "20261121090000-project-status";
/** A later migration with no schema change of its own (no snapshot), for messages naming two. */
const LATER = "20261122090000-tidy-titles";
const dirs: string[] = [];
let migrations: string;
let content: string;
let space: LocalSpace;
let slugs: string[];

beforeEach(async () => {
  const root = await mkdtemp(join(tmpdir(), "space-coverage-"));
  dirs.push(root);
  // A baseline, then one migration written against schema/ as it is now.
  migrations = join(root, "migrations");
  await cp(join(REPO, "schema"), join(migrations, "20261120090000-baseline", "schema"), { recursive: true });
  await cp(join(REPO, "schema"), join(migrations, MIGRATION, "schema"), { recursive: true });
  await writeFile(join(migrations, `${MIGRATION}.ts`), "export default {};\n");
  content = join(root, "content");
  await cp(CONTENT, content, { recursive: true });
  slugs = (await readLocalStories(content)).map((story) => story.fullSlug);
  space = await spaceHoldingContent(join(root, "space"));
  return () => space.close();
});

afterAll(() => removeDirs(dirs));

const input = () => ({ migrationsDir: migrations, schemaDir: join(REPO, "schema"), spaceId: 1 });

async function contentHasHad(ids: string[]): Promise<void> {
  await mkdir(join(content, ".migrations"), { recursive: true });
  await writeFile(
    join(content, ".migrations", "journal.json"),
    JSON.stringify({ runs: [{ ran: "2026-11-21T09:05:00.000Z", migrations: ids, files: [] }] }),
  );
}

describe("breaking changes the space's stories have been through", () => {
  it("are not covered while the space has not had every migration, and the reason names each and the command", async () => {
    expect(await spaceCoverage(space.client(), input())).toEqual({
      covered: false,
      reason: `the space has not had 1 migration(s): ${MIGRATION} (\`portfolio migrate run --space 1\` runs them)`,
    });
    await writeFile(join(migrations, `${LATER}.ts`), "export default {};\n");
    expect(await spaceCoverage(space.client(), input())).toEqual({
      covered: false,
      reason: `the space has not had 2 migration(s): ${MIGRATION}, ${LATER} (\`portfolio migrate run --space 1\` runs them)`,
    });
  });

  it("are covered once its journal lists every migration", async () => {
    await recordInSpace(space.client(), await readSpaceJournal(space.client()), [MIGRATION], "2026-11-21T09:05:00.000Z");
    expect(await spaceCoverage(space.client(), input())).toEqual({ covered: true, migrations: [MIGRATION] });
  });

  it("are not covered when schema/ has moved on since the last migration's snapshot, even on a space that had them all", async () => {
    await recordInSpace(space.client(), await readSpaceJournal(space.client()), [MIGRATION], "2026-11-21T09:05:00.000Z");
    const moved = writeSchemaDir(join(dirs.at(-1)!, "moved"), (schema) => {
      delete componentIn(schema, "project").schema.client;
      delete componentIn(schema, "project").schema.role;
    });
    await cp(join(REPO, "schema", "relations.json"), join(moved, "relations.json"));
    const coverage = await spaceCoverage(space.client(), { ...input(), schemaDir: moved });
    expect(coverage).toEqual({
      covered: false,
      reason:
        `${moved}/ changed since the last migration's snapshot in ways no migration covers (- field project.client; - field project.role): ` +
        "`portfolio migrate new` writes one",
    });
  });

  it("stay covered when schema/ has only moved on in ways existing content fits (an optional field added)", async () => {
    await recordInSpace(space.client(), await readSpaceJournal(space.client()), [MIGRATION], "2026-11-21T09:05:00.000Z");
    const widened = writeSchemaDir(join(dirs.at(-1)!, "widened"), (schema) => {
      componentIn(schema, "project").schema.subtitle = { type: "text", pos: 99 };
    });
    await cp(join(REPO, "schema", "relations.json"), join(widened, "relations.json"));
    expect(await spaceCoverage(space.client(), { ...input(), schemaDir: widened })).toEqual({ covered: true, migrations: [MIGRATION] });
  });

  it("with only a baseline, none are covered: no migration moved the stories", async () => {
    const coverage = await spaceCoverage(space.client(), { ...input(), migrationsDir: join(REPO, "migrations") });
    expect(coverage).toEqual({
      covered: false,
      reason: `${join(REPO, "migrations")}/ holds no migration, so none moved the space's stories`,
    });
  });

  describe("for space push, whose stories replace the space's", () => {
    it("are covered when the pushed content has had every migration and the space holds none of its own", async () => {
      await contentHasHad([MIGRATION]);
      expect(await spaceCoverage(space.client(), { ...input(), pushing: { dir: content, slugs } })).toEqual({
        covered: true,
        migrations: [MIGRATION],
      });
    });

    it("are not covered when the content has not had them, or the space holds stories the push does not replace", async () => {
      await writeFile(join(migrations, `${LATER}.ts`), "export default {};\n");
      const notYet = await spaceCoverage(space.client(), { ...input(), pushing: { dir: content, slugs } });
      expect(notYet).toMatchObject({
        covered: false,
        reason: expect.stringContaining(`has not had 2 migration(s): ${MIGRATION}, ${LATER} (\`portfolio migrate run\` runs them)`),
      });

      await contentHasHad([MIGRATION, LATER]);
      const kept = slugs.filter((slug) => slug !== "projects/tidewater" && slug !== "home");
      expect(await spaceCoverage(space.client(), { ...input(), pushing: { dir: content, slugs: kept } })).toMatchObject({
        covered: false,
        reason: expect.stringContaining("the space holds 2 story(ies)"),
      });
      expect(await spaceCoverage(space.client(), { ...input(), pushing: { dir: content, slugs: kept } })).toMatchObject({
        reason: expect.stringContaining("(home, projects/tidewater)"),
      });
    });
  });
});
