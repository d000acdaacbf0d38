/**
 * The local CDN translates only what the space's component schema marks
 * `translatable`, as Storyblok's does ("Fields that are not enabled for
 * translation are included but use the default language in every story"):
 * over HTTP, read with storyblok-js-client. A field turned non-translatable
 * keeps its stored translations, and the CDN serves its default value.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_CONTENT, makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const REPOSITORY_SCHEMA = fileURLToPath(new URL("../../../schema", import.meta.url));
const SPACE = { space: { name: "Two languages", languages: [{ code: "nl", name: "Nederlands" }], default_lang_name: "English" } };

/** A project whose role is translated too, with a nested card whose title is translated. */
const tidewater = projectStory(
  "projects/tidewater",
  {},
  {
    title: "Tidewater",
    title__i18n__nl: "Getij",
    role: "Maintainer",
    role__i18n__nl: "Beheerder",
    body: [{ _uid: "c1", component: "card", title: "Sensors", title__i18n__nl: "Sensoren" }],
  },
);

type Schema = Record<string, Record<string, { type: string; translatable?: boolean }>>;

/** A components.json as `schema pull` saves it (and the local Management API writes `space/components.json`). */
function components(schemas: Schema) {
  return { components: Object.entries(schemas).map(([name, schema], id) => ({ id: id + 1, name, schema })), component_groups: [] };
}

const TITLE_ONLY: Schema = {
  project: { title: { type: "text", translatable: true }, role: { type: "text" } },
  card: { title: { type: "text", translatable: true } },
};

interface Served {
  title: string;
  role: string;
  cardTitle: string;
  text: string;
}

async function dutch(cdn: RunningCdn, params: Record<string, string> = {}): Promise<Served> {
  const { data } = await cdn.client().get("cdn/stories/projects/tidewater", { version: "published", language: "nl", ...params });
  const content = (data as { story: { content: { title: string; role: string; body: { title: string }[] } } }).story.content;
  return { title: content.title, role: content.role, cardTitle: content.body[0]!.title, text: JSON.stringify(data) };
}

const dirs: string[] = [];
const running: RunningCdn[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((cdn) => cdn.close()));
});

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function serve(files: Record<string, unknown>, schemaDir?: string): Promise<{ cdn: RunningCdn; dir: string }> {
  const made = await makeContentDir({ ...storyFiles([tidewater]), "space/space.json": SPACE, ...files });
  dirs.push(made.dir);
  const cdn = await startCdn(made.dir, { checkIntervalMs: 0, ...(schemaDir && { schemaDir }) });
  running.push(cdn);
  return { cdn, dir: made.dir };
}

let schemaDir: string;

beforeAll(async () => {
  schemaDir = await mkdtemp(join(tmpdir(), "cdn-schema-"));
  dirs.push(schemaDir);
  await writeFile(join(schemaDir, "components.json"), JSON.stringify(components(TITLE_ONLY)));
});

describe("the local CDN translates translatable fields only", () => {
  it("the space's own components: a translatable field in Dutch, a stored translation of another field not served", async () => {
    const { cdn } = await serve({ "space/components.json": components(TITLE_ONLY) });
    const served = await dutch(cdn);
    expect(served).toMatchObject({ title: "Getij", role: "Maintainer", cardTitle: "Sensoren" });
    expect(served.text).not.toContain("__i18n__");
    expect(served.text).not.toContain("Beheerder");
    // fallback_lang brings no translation the schema does not allow either.
    expect(await dutch(cdn, { fallback_lang: "nl" })).toMatchObject({ role: "Maintainer" });
  });

  it("a component the schema does not list has no translatable field", async () => {
    const { cdn } = await serve({ "space/components.json": components({ project: TITLE_ONLY.project! }) });
    expect(await dutch(cdn)).toMatchObject({ title: "Getij", cardTitle: "Sensors" });
  });

  it("a field turned non-translatable keeps its stored translations, served again once it is translatable again", async () => {
    const { cdn, dir } = await serve({ "space/components.json": components(TITLE_ONLY) });
    const file = join(dir, "space", "components.json");
    await writeFile(file, JSON.stringify(components({ ...TITLE_ONLY, project: { title: { type: "text" }, role: { type: "text" } } })));
    expect(await dutch(cdn)).toMatchObject({ title: "Tidewater", cardTitle: "Sensoren" });
    await writeFile(
      file,
      JSON.stringify(
        components({ ...TITLE_ONLY, project: { title: { type: "text", translatable: true }, role: { type: "text", translatable: true } } }),
      ),
    );
    expect(await dutch(cdn)).toMatchObject({ title: "Getij", role: "Beheerder" });
  });

  it("the schema folder stands for the space's components until the space has its own", async () => {
    const { cdn, dir } = await serve({}, schemaDir);
    expect(await dutch(cdn)).toMatchObject({ title: "Getij", role: "Maintainer" });
    await mkdir(join(dir, "space"), { recursive: true });
    await writeFile(
      join(dir, "space", "components.json"),
      JSON.stringify(components({ ...TITLE_ONLY, project: { role: { type: "text", translatable: true } } })),
    );
    expect(await dutch(cdn)).toMatchObject({ title: "Tidewater", role: "Beheerder" });
  });

  it("without any components (a folder of stories only) every stored translation is served", async () => {
    const { cdn } = await serve({});
    expect(await dutch(cdn)).toMatchObject({ title: "Getij", role: "Beheerder", cardTitle: "Sensoren" });
  });

  it("a components file that is not one is reported by name, and every translation is served", async () => {
    const made = await makeContentDir({
      ...storyFiles([tidewater]),
      "space/space.json": SPACE,
      "space/components.json": { components: "none" },
    });
    dirs.push(made.dir);
    const cdn = await startCdn(made.dir, { checkIntervalMs: 0 });
    running.push(cdn);
    expect(await dutch(cdn)).toMatchObject({ title: "Getij", role: "Beheerder" });
    expect(cdn.problems.flat()).toContainEqual({
      file: join(made.dir, "space", "components.json"),
      problem: expect.stringContaining("not a list of components"),
    });
  });

  it("the embedded content with the repository's schema: Fieldnotes' translated title and summary in Dutch", async () => {
    const cdn = await startCdn(EMBEDDED_CONTENT, { schemaDir: REPOSITORY_SCHEMA });
    running.push(cdn);
    const { data } = await cdn.client().get("cdn/stories/projects/fieldnotes", { version: "published", language: "nl" });
    const { content } = (data as { story: { content: Record<string, unknown> } }).story;
    expect(content.title).toMatch(/^Fieldnotes: een offline-first/);
    expect(content.summary).not.toBe("");
    expect(JSON.stringify(data)).not.toContain("__i18n__");
  });
});
