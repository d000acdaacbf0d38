/**
 * Typed migrations on the repository's own content, whose translatable fields
 * hold Dutch beside English (`headline__i18n__nl`): each schema change is made,
 * `migrate new` scaffolds the migration, it is filled in as a developer would,
 * `migrate run` applies it to the story files, and `portfolio check` holds the
 * result to the schema. Every language goes where its field goes.
 */
import { afterAll, describe, expect, it } from "vitest";
import { Project } from "./support/project";

const projects: Project[] = [];
afterAll(() => {
  for (const project of projects) project.remove();
});

/** A copy of the repository with the schema edited and a migration scaffolded for it. */
async function scaffolded(name: string, edit: Parameters<Project["editSchema"]>[0], ...newArgs: string[]) {
  const project = new Project();
  projects.push(project);
  project.editSchema(edit);
  expect((await project.portfolio("generate")).code).toBe(0);
  const created = await project.portfolio("migrate", "new", name, ...newArgs);
  expect(created.code, created.stderr).toBe(0);
  const id = project.migrationId(name);
  return { project, id, script: project.read(`migrations/${id}.ts`) };
}

type Block = Record<string, unknown>;
const heroOf = (project: Project): Block => (project.story("stories/home.json").content.body as Block[])[0]!;

async function runAndCheck(project: Project): Promise<void> {
  const run = await project.portfolio("migrate", "run");
  expect(run.code, run.stderr).toBe(0);
  const check = await project.portfolio("check");
  expect(check.stdout + check.stderr).toMatch(/content\/: \d+ stories match schema\/components\.json/);
  expect(check.code, check.stdout).toBe(0);
}

describe("migrations carry a field's translations", () => {
  it("a rename renames every language's value", async () => {
    const { project, script } = await scaffolded(
      "rename-headline",
      (components) => {
        const hero = components.get("hero_section")!;
        const { headline, ...rest } = hero.schema;
        hero.schema = { title: headline!, ...rest };
      },
      "--rename",
      "hero_section.headline=title",
    );
    expect(script).toContain('...renameField(block, "headline", "title"),');
    expect(project.typeCheck()).toEqual([]);
    const before = heroOf(project);
    expect(before.headline__i18n__nl).toEqual(expect.any(String));
    await runAndCheck(project);
    const after = heroOf(project);
    expect(after.title).toBe(before.headline);
    expect(after.title__i18n__nl).toBe(before.headline__i18n__nl);
    expect(Object.keys(after).filter((key) => key.startsWith("headline"))).toEqual([]);
  });

  it("a text made rich text is rich text in every language, drafts included", async () => {
    const { project, id, script } = await scaffolded("summary-rich-text", (components) => {
      const project = components.get("project")!;
      project.schema.summary = { type: "richtext", pos: project.schema.summary!.pos, required: true, translatable: true };
    });
    expect(script).toContain('...convertField(block, "summary", (summary) => todo(');
    expect(project.typeCheck()).toEqual([expect.stringContaining("project.summary was required string, is now required RichTextDoc")]);
    project.write(
      `migrations/${id}.ts`,
      script.replace(/todo\('project\.summary.*'\)\),$/m, "textToRichText(summary)),").replace(", todo,", ", textToRichText,"),
    );
    expect(project.typeCheck()).toEqual([]);
    const before = project.story("drafts/projects/fieldnotes.json").content;
    await runAndCheck(project);
    const after = project.story("drafts/projects/fieldnotes.json").content;
    const paragraph = (text: unknown) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
    expect(after.summary).toEqual(paragraph(before.summary));
    expect(after.summary__i18n__nl).toEqual(paragraph(before.summary__i18n__nl));
  });

  it("a removed field's translations go with it; a function that leaves them behind is refused before anything is written", async () => {
    const { project, id, script } = await scaffolded("drop-eyebrow", (components) => {
      delete components.get("hero_section")!.schema.eyebrow;
    });
    // The last snapshot records eyebrow as translatable, so the scaffold drops its translations with it.
    expect(script).toContain("const { eyebrow, ...kept } = block;");
    expect(script).toContain('      ...dropTranslations(kept, "eyebrow"),\n');
    const decided = script.replace(/^ *decide\(.*\);\n/m, "");
    // A function that keeps the rest as it is leaves the translations behind.
    project.write(`migrations/${id}.ts`, decided.replace('      ...dropTranslations(kept, "eyebrow"),\n', "      ...kept,\n"));
    expect(project.typeCheck()).toEqual([]);
    const content = project.files("content");
    const stranded = await project.portfolio("migrate", "run");
    expect(stranded.code).toBe(1);
    expect(stranded.stderr).toContain(
      "stories/home.json (home): content(page).body[0](hero_section): migration " +
        `${id}: the hero_section function took away eyebrow but left its translations (eyebrow__i18n__nl), which no field has now: ` +
        "carry them with renameField, moveInto or convertField, or drop them with dropTranslations (tools/migrations/helpers)",
    );
    expect(project.files("content")).toEqual(content);

    project.write(`migrations/${id}.ts`, decided);
    expect(project.typeCheck()).toEqual([]);
    await runAndCheck(project);
    expect(Object.keys(heroOf(project)).filter((key) => key.startsWith("eyebrow"))).toEqual([]);
  });

  it("fields moved into a nested block take their translations along", async () => {
    const { project, id } = await scaffolded("project-credits", (components, schema) => {
      const project = components.get("project")!;
      const { role, client, ...rest } = project.schema;
      project.schema = { ...rest, credits: { type: "bloks", restrict_components: true, component_whitelist: ["credit"], maximum: "1" } };
      schema.components.push({ name: "credit", is_root: false, is_nestable: true, schema: { role: role!, client: client! } });
    });
    project.fill(
      id,
      ["moveInto", "type Migrating"],
      [
        project.signature(id, "project"),
        '    const { rest, nested } = moveInto(block, "credit", { role: "role", client: "client" });',
        "    return { ...rest, credits: [nested] };",
        "  },",
      ].join("\n"),
    );
    expect(project.typeCheck()).toEqual([]);
    const before = project.story("stories/projects/2024/atlas.json").content;
    await runAndCheck(project);
    const after = project.story("stories/projects/2024/atlas.json").content;
    expect((after.credits as Block[])[0]).toEqual({
      _uid: expect.any(String),
      component: "credit",
      role: before.role,
      role__i18n__nl: before.role__i18n__nl,
      client: before.client,
      client__i18n__nl: before.client__i18n__nl,
    });
    expect(Object.keys(after).filter((key) => /^(role|client)/.test(key))).toEqual([]);
  });

  it("a field no longer translatable is a change check asks a migration for; the migration drops its translations", async () => {
    // The repository's last snapshot knows the translatable fields (migrations/…-translatable-fields).
    const project = new Project();
    projects.push(project);

    project.editSchema((components) => {
      delete components.get("link")!.schema.label!.translatable;
    });
    expect((await project.portfolio("generate")).code).toBe(0);
    const check = await project.portfolio("check");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(
      "in ways existing content may not fit, and no migration covers them:\n  ~ field link.label is no longer translatable\n",
    );
    // Each translation Storyblok would no longer serve is named, with its story, block path and language.
    expect(check.stdout).toContain(
      'content/stories/site.json: content(site_config).header[0](header_container).navigation[0](link).label__i18n__nl: is the nl translation of "label", which is not translatable in "link": Storyblok never serves it',
    );

    const created = await project.portfolio("migrate", "new", "label-one-language");
    expect(created.code, created.stderr).toBe(0);
    const id = project.migrationId("label-one-language");
    const script = project.read(`migrations/${id}.ts`);
    expect(script).toContain(" *   ~ field link.label is no longer translatable");
    expect(script).toContain('...dropTranslations(block, "label"),');
    expect(project.typeCheck()).toEqual([
      expect.stringContaining("link.label is no longer translatable: its translations (label__i18n__…)"),
    ]);
    project.write(`migrations/${id}.ts`, script.replace(/^ *decide\(.*\);\n/m, ""));
    expect(project.typeCheck()).toEqual([]);
    await runAndCheck(project);
    // The links' Dutch labels are gone; the form fields', whose label is still translatable, stay.
    const blocks = (file: string, component: string): Block[] => {
      const found: Block[] = [];
      JSON.parse(project.read(file), (_key, value: unknown) => {
        if (typeof value === "object" && value !== null && (value as Block).component === component) found.push(value as Block);
        return value;
      });
      return found;
    };
    const links = [...blocks("content/stories/site.json", "link"), ...blocks("content/stories/home.json", "link")];
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((link) => "label__i18n__nl" in link)).toEqual([]);
    expect(blocks("content/stories/site.json", "text_input").every((input) => "label__i18n__nl" in input)).toBe(true);
  });
});
