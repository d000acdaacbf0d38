/**
 * The content model changed five times, each as a developer does it: edit
 * schema/components.json, `generate`, `migrate new`, fill the scaffold in
 * (the test writes the body a developer would), tsc, `migrate run`; then
 * the content holds the migrated values and `portfolio check` passes.
 *
 * The scenarios run in order on one copy of the repository (each migration
 * is written from the previous one's snapshot), so its final content is one
 * state holding every migrated value. The site is then copied in: tsc names
 * the renderers the changes broke, they are fixed as a developer fixes them
 * (tests/fixtures/migrations/renderers-after-scenarios.patch), and one
 * `next build` serves pages showing every scenario's migrated values.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Window } from "happy-dom";
import { afterAll, describe, expect, it } from "vitest";
import { forEachObject } from "../../../src/content/shaping/content-tree";
import { derivedUid, textToRichText } from "../../../tools/migrations/helpers";
import { startNextServer } from "../../support/next-server";
import { REPO } from "../../support/repo-root";
import { Project } from "./support/project";
import { applyPatch, buildSite, copySite, SITE_ENV, siteTypeErrors } from "./support/site-copy";

type Blok = Record<string, unknown> & { component: string; _uid: string };

const project = new Project();
afterAll(() => project.remove());

const STORY_FILES = [
  "stories/home.json",
  "stories/site.json",
  "stories/projects/2024/atlas.json",
  "stories/projects/fieldnotes.json",
  "stories/projects/klei-atelier.json",
  "stories/projects/ledger-lane.json",
  "stories/projects/tidewater.json",
  "drafts/projects/fieldnotes.json",
];

/** Every block of a kind in every story file, with the file it is in. */
function blocksOf(component: string): [string, Blok][] {
  const found: [string, Blok][] = [];
  for (const file of STORY_FILES) {
    forEachObject(project.story(file).content, (value) => {
      if (value.component === component) found.push([file, value as Blok]);
    });
  }
  return found;
}

const homeBody = () => project.story("stories/home.json").content.body as Blok[];

async function generate(): Promise<void> {
  const generated = await project.portfolio("generate");
  expect(generated.code, generated.stderr).toBe(0);
}

async function newMigration(name: string, ...flags: string[]): Promise<{ id: string; stdout: string }> {
  const created = await project.portfolio("migrate", "new", name, ...flags);
  expect(created.code, created.stderr).toBe(0);
  return { id: project.migrationId(name), stdout: created.stdout };
}

/** `migrate run`, then what must hold after every scenario: every migration compiles, and `check` passes on the code and the content. */
async function runAndCheck(): Promise<string> {
  const run = await project.portfolio("migrate", "run");
  expect(run.code, run.stderr).toBe(0);
  const check = await project.portfolio("check");
  expect(check.code, check.stdout).toBe(0);
  expect(check.stdout).toMatch(
    /^content\/: 7 stories match schema\/components\.json \(src\/generated\/validators\.ts\), and have had every migration/m,
  );
  project.commit("migrated");
  return run.stdout;
}

describe("typed content migrations on the embedded content", () => {
  it("a rename (hero_section.headline → title): suggested, not assumed; tsc and the run refuse the unfinished scaffold", async () => {
    const headline = homeBody()[0]!.headline;
    expect(headline).toEqual(expect.any(String));
    project.editSchema((components) => {
      const hero = components.get("hero_section")!;
      const { headline: field, ...rest } = hero.schema;
      hero.schema = { title: field!, ...rest };
    });
    await generate();
    const { id, stdout } = await newMigration("rename-hero-headline");
    expect(stdout).toContain("Perhaps a rename: hero_section.headline → title (one field removed, one added, same type). Not assumed");

    // Unfinished, the scaffold does not compile: one error per field, each naming it.
    expect(project.typeCheck()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^migrations/${id}\\.ts:\\d+: Argument of type '"hero_section\\.headline was removed: use its value \\(headline\\) in the result or drop it, then delete this line"' is not assignable to parameter of type 'never'\\.$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^migrations/${id}\\.ts:\\d+: Argument of type '"hero_section\\.title is new and required \\(string\\): give it a value"' is not assignable to parameter of type 'never'\\.$`,
        ),
      ),
    ]);
    // Run anyway (tsx does not type-check), it stops at the first hole and writes nothing.
    const before = project.files("content");
    const refused = await project.portfolio("migrate", "run");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `stories/home.json (home): content(page).body[0](hero_section): migration ${id}: unfinished migration: hero_section.headline was removed`,
    );
    expect(refused.stderr).toContain("nothing was written");
    // The story it stopped on still exists: links to it (the site's navigation) are not reported as broken.
    expect(refused.stderr).not.toContain("which no story has");
    expect(project.files("content")).toEqual(before);

    const dutch = homeBody()[0]!.headline__i18n__nl;
    expect(dutch).toEqual(expect.any(String));
    project.fill(
      id,
      ["renameField", "type Migrating"],
      // renameField renames the headline's Dutch with it.
      [project.signature(id, "hero_section"), '    return renameField(block, "headline", "title");', "  },"].join("\n"),
    );
    expect(project.typeCheck()).toEqual([]);
    const output = await runAndCheck();
    expect(output).toContain(
      "stories/home.json (home): 1 block changed (hero_section); fields touched: hero_section.headline, hero_section.headline__i18n__nl, hero_section.title, hero_section.title__i18n__nl",
    );
    const hero = homeBody()[0]!;
    expect(hero.title).toBe(headline);
    expect(hero.title__i18n__nl).toBe(dutch);
    expect(hero).not.toHaveProperty("headline");
  });

  it("a text field becoming rich text (assets_container.caption), in a page's blocks and in a block inside rich text", async () => {
    const captions = blocksOf("assets_container").map(([file, blok]) => [file, blok.caption]);
    const dutchCaptions = blocksOf("assets_container").map(([file, blok]) => [file, blok.caption__i18n__nl]);
    expect(dutchCaptions.filter(([, caption]) => typeof caption === "string")).toHaveLength(1);
    // Atlas's is in a block inside its description's rich text, in English and in its Dutch translation.
    expect(captions).toEqual([
      ["stories/home.json", expect.any(String)],
      ["stories/projects/2024/atlas.json", expect.any(String)],
      ["stories/projects/2024/atlas.json", expect.stringMatching(/^Links: /)],
    ]);
    project.editSchema((components) => {
      const container = components.get("assets_container")!;
      container.schema.caption = {
        type: "richtext",
        pos: container.schema.caption!.pos,
        restrict_components: true,
        component_whitelist: [],
        translatable: true,
      };
    });
    await generate();
    const { id } = await newMigration("caption-rich-text");
    // Translatable: every language's caption goes through the conversion.
    expect(project.read(`migrations/${id}.ts`)).toContain(
      '...convertField(block, "caption", (caption) => todo(\'assets_container.caption was optional string, is now optional RichTextDoc<never>: convert caption (every language',
    );
    expect(project.typeCheck()).toEqual([
      expect.stringContaining("assets_container.caption was optional string, is now optional RichTextDoc<never>"),
    ]);

    project.fill(
      id,
      ["convertField", "textToRichText"],
      [
        project.signature(id, "assets_container"),
        '    return { ...block, ...convertField(block, "caption", (caption) => textToRichText(caption)) };',
        "  },",
      ].join("\n"),
    );
    expect(project.typeCheck()).toEqual([]);
    const output = await runAndCheck();
    expect(output).toContain(
      "stories/projects/2024/atlas.json (projects/2024/atlas): 2 blocks changed (assets_container ×2); fields touched: assets_container.caption",
    );
    expect(output).toContain(
      "stories/home.json (home): 1 block changed (assets_container); fields touched: assets_container.caption, assets_container.caption__i18n__nl",
    );
    expect(blocksOf("assets_container").map(([file, blok]) => [file, blok.caption])).toEqual(
      captions.map(([file, caption]) => [file, textToRichText(caption as string)]),
    );
    expect(blocksOf("assets_container").map(([file, blok]) => [file, blok.caption__i18n__nl])).toEqual(
      dutchCaptions.map(([file, caption]) => [file, typeof caption === "string" ? textToRichText(caption) : caption]),
    );
  });

  it("a required field added with a default (project.status), in published stories and a pending draft", async () => {
    project.editSchema((components) => {
      components.get("project")!.schema.status = {
        type: "option",
        pos: 30,
        required: true,
        options: [
          { name: "Live", value: "live" },
          { name: "Archived", value: "archived" },
        ],
        default_value: "live",
        exclude_empty_option: true,
      };
    });
    await generate();
    const { id } = await newMigration("project-status");
    expect(project.typeCheck()).toEqual([
      expect.stringContaining(`'"project.status is new and required (\\"live\\" | \\"archived\\"): give it a value"'`),
    ]);

    project.fill(
      id,
      [...usesMigrating(id, "project")],
      [project.signature(id, "project"), '    return { ...block, status: "live" };', "  },"].join("\n"),
    );
    expect(project.typeCheck()).toEqual([]);
    const output = await runAndCheck();
    expect(output).toContain(
      "drafts/projects/fieldnotes.json (projects/fieldnotes): 1 block changed (project); fields touched: project.status",
    );
    const projects = STORY_FILES.filter((file) => file.includes("projects/"));
    expect(projects.map((file) => [file, project.story(file).content.status])).toEqual(projects.map((file) => [file, "live"]));
  });

  it("a block split in two (hero_section's intro becomes an intro_section after it)", async () => {
    const [hero, next] = homeBody();
    project.editSchema((components, schema) => {
      const heroSection = components.get("hero_section")!;
      const { intro, ...rest } = heroSection.schema;
      heroSection.schema = rest;
      schema.components.push({
        ...heroSection,
        name: "intro_section",
        real_name: "intro_section",
        display_name: "Intro",
        id: 1099,
        preview_field: "text",
        schema: { text: { ...intro!, pos: 0 } },
      });
    });
    await generate();
    const { id, stdout } = await newMigration("split-hero-intro");
    expect(stdout).toContain("+ block intro_section (1 field)");
    expect(project.typeCheck()).toEqual([expect.stringContaining("hero_section.intro was removed")]);

    project.fill(
      id,
      ["moveInto", ...usesMigrating(id, "hero_section")],
      [
        project
          .signature(id, "hero_section")
          .replace("): After.HeroSectionBlok {", "): After.HeroSectionBlok | [After.HeroSectionBlok, After.IntroSectionBlok] {"),
        '    const { rest, nested } = moveInto(block, "intro_section", { text: "intro" });',
        "    return nested.text === undefined ? rest : [rest, nested];",
        "  },",
      ].join("\n"),
    );
    expect(project.typeCheck()).toEqual([]);
    const output = await runAndCheck();
    expect(output).toContain("replaced: content(page).body[0](hero_section) → hero_section + intro_section");
    const [newHero, introSection, after] = homeBody();
    // The intro's Dutch moves with it, as the intro section's text in Dutch.
    const { intro, intro__i18n__nl: dutchIntro, ...heroRest } = hero!;
    expect(dutchIntro).toEqual(expect.objectContaining({ type: "doc" }));
    expect(newHero).toEqual(heroRest);
    expect(introSection).toEqual({
      _uid: derivedUid(hero!._uid, "intro_section"),
      component: "intro_section",
      text: intro,
      text__i18n__nl: dutchIntro,
    });
    expect(after).toEqual(next);
  });

  it("a field removed (link.icon), from links at every depth: header and footer, hero actions, a block inside rich text", async () => {
    const links = blocksOf("link");
    const withIcon = links.filter(([, blok]) => blok.icon !== undefined);
    expect(new Set(withIcon.map(([file]) => file))).toEqual(
      new Set(["stories/home.json", "stories/site.json", "stories/projects/2024/atlas.json"]),
    );
    const inSite = withIcon.filter(([file]) => file === "stories/site.json").length;
    project.editSchema((components) => {
      delete components.get("link")!.schema.icon;
    });
    await generate();
    const { id } = await newMigration("drop-link-icon");
    expect(project.typeCheck()).toEqual([expect.stringContaining("link.icon was removed")]);

    // Dropping the value is deciding: the scaffold with its decide() line deleted.
    project.write(`migrations/${id}.ts`, project.read(`migrations/${id}.ts`).replace(/^ {4}decide\(.*\n/m, ""));
    expect(project.typeCheck()).toEqual([]);
    const output = await runAndCheck();
    expect(output).toContain(`stories/site.json (site): ${inSite} blocks changed (link ×${inSite}); fields touched: link.icon`);
    expect(blocksOf("link").filter(([, blok]) => "icon" in blok)).toEqual([]);
    expect(blocksOf("link").map(([file, { icon, ...rest }]) => [file, rest])).toEqual(
      links.map(([file, { icon, ...rest }]) => [file, rest]),
    );
    // The other blocks' icons are not the link's field.
    expect(blocksOf("timeline_slide").some(([, blok]) => "icon" in blok)).toBe(true);
  });

  it("every migration still compiles against its own types once the schema has moved on", () => {
    expect(project.typeCheck()).toEqual([]);
    expect(project.git("status", "--porcelain")).toBe("");
  });
});

/** A story of the repository's own content/, as it was before any scenario. */
function originalStory(file: string): { content: Record<string, unknown> } {
  return JSON.parse(readFileSync(join(REPO, "content", file), "utf8")) as { content: Record<string, unknown> };
}

/** The words of a rich-text document, each text node's in order. */
function textsOf(doc: unknown): string[] {
  const texts: string[] = [];
  forEachObject(doc, (node) => typeof node.text === "string" && texts.push(node.text));
  return texts;
}

const words = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

describe("the site on the migrated content", () => {
  it("tsc names each place in the site the five changes broke, and nothing else", () => {
    copySite(project);
    const broken = new Set(siteTypeErrors(project).map((error) => error.slice(0, error.indexOf(":"))));
    expect([...broken].sort()).toEqual([
      "src/blocks/AssetsContainer.tsx", // caption: a string, now rich text
      "src/blocks/HeroSection.tsx", // headline renamed; intro moved out
      "src/blocks/Link.tsx", // icon removed
      "src/blocks/registry.ts", // intro_section has no renderer
      "src/content/shaping/card-stories.ts", // a project's card drops the new required status
      "src/ui/Icon.tsx", // its names were the link's icon options
    ]);
    // tsc over the whole site, beside the other unit tests and npm test's own builds.
  }, 600_000);

  it("with those fixed, `next build` serves pages showing every migrated value", async () => {
    applyPatch(project, "tests/fixtures/migrations/renderers-after-scenarios.patch");
    expect(siteTypeErrors(project)).toEqual([]);
    await buildSite(project);
    const server = await startNextServer({ dir: project.root, env: SITE_ENV });
    // Markup only: nothing the pages link to is fetched, no script runs.
    const window = new Window({
      url: server.url,
      settings: { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true },
    });
    try {
      const page = async (path: string) => {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(200);
        return new window.DOMParser().parseFromString(await response.text(), "text/html");
      };
      const home = await page("/");
      const hero = originalStory("stories/home.json").content.body as Blok[];

      // The rename: the hero's heading is the old headline, read from `title`.
      expect(words(home.querySelector("h1")?.textContent)).toBe(hero[0]!.headline);

      // The split: the intro is no longer in the hero, but in the section right after it.
      const heroSection = home.querySelector("h1")!.closest("section")!;
      const introTexts = textsOf(hero[0]!.intro).map(words);
      expect(introTexts.length).toBeGreaterThan(2);
      for (const text of introTexts) {
        expect(words(heroSection.textContent)).not.toContain(text);
        expect(words(heroSection.nextElementSibling?.textContent)).toContain(text);
      }

      // Text to rich text: each caption is now a paragraph of rich text, on the home page and in a project.
      const atlas = await page("/projects/2024/atlas");
      for (const [document, file] of [
        [home, "stories/home.json"],
        [atlas, "stories/projects/2024/atlas.json"],
      ] as const) {
        const captions: string[] = [];
        // The English page: the captions of the default language, not those inside a translated field.
        forEachObject(
          withoutTranslations(originalStory(file).content),
          (blok) => blok.component === "assets_container" && captions.push(blok.caption as string),
        );
        expect(
          [...document.querySelectorAll("figcaption p")].map((p) => words(p.textContent)),
          file,
        ).toEqual(captions.map(words));
      }

      // The required field with a default: every project page states it.
      for (const path of [
        "/projects/2024/atlas",
        "/projects/fieldnotes",
        "/projects/klei-atelier",
        "/projects/ledger-lane",
        "/projects/tidewater",
      ]) {
        const status = [...(await page(path)).querySelectorAll("dt")].find((term) => term.textContent === "Status");
        expect(status?.nextElementSibling?.textContent, path).toBe("Live");
      }

      // The field removed: links that had an icon (header, footer, hero, socials, inside rich text) draw none.
      const iconLinks = (file: string) => {
        const labels: string[] = [];
        forEachObject(
          withoutTranslations(originalStory(file).content),
          (blok) => blok.component === "link" && typeof blok.icon === "string" && blok.icon !== "" && labels.push(blok.label as string),
        );
        return labels;
      };
      for (const [document, labels] of [
        [home, [...iconLinks("stories/home.json"), ...iconLinks("stories/site.json")]],
        [atlas, iconLinks("stories/projects/2024/atlas.json")],
      ] as const) {
        for (const label of new Set(labels)) {
          const rendered = [...document.querySelectorAll("a, span")].filter(
            (element) => element.firstElementChild?.tagName === "SPAN" && element.firstElementChild.textContent === label,
          );
          expect(rendered.length, label).toBeGreaterThan(0);
          expect(rendered.filter((element) => element.querySelector("svg")).length, label).toBe(0);
        }
      }
    } finally {
      await window.happyDOM.close();
      await server.stop();
    }
    // Two tsc runs and a build, beside the other unit tests and npm test's own builds.
  }, 600_000);
});

/** `type Migrating` when the block's scaffold parameter uses it (it has fields holding blocks). */
function usesMigrating(id: string, block: string): string[] {
  return project.signature(id, block).includes("Migrating<") ? ["type Migrating"] : [];
}

/** A story's content as the default language has it: every `field__i18n__<code>` left out, at any depth. */
function withoutTranslations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTranslations);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.includes("__i18n__"))
      .map(([key, inner]) => [key, withoutTranslations(inner)]),
  );
}
