/** `portfolio content validate`'s library: the embedded content matches the schema; mistakes are named. */
import { describe, expect, it } from "vitest";
import { validateContent } from "../../../tools/content-validation/validate-content";
import { validateContentDirectory } from "../../../tools/content-validation/validate-directory";
import { EMBEDDED_CONTENT, makeContentDir, projectStory, storyFiles } from "./cdn-harness";

describe("the embedded content", () => {
  it("has no problems at all", async () => {
    const report = await validateContentDirectory(EMBEDDED_CONTENT);
    expect(report.problems).toEqual([]);
    expect(report.storyCount).toBeGreaterThanOrEqual(7);
  });
});

describe("validateContent", () => {
  const hero = { _uid: "h1", component: "hero_section", headline: "Hello" };
  const page = (body: unknown[]) => ({ _uid: "p1", component: "page", body });
  const cases: [string, unknown, string[]][] = [
    ["a valid page", page([hero]), []],
    [
      "a missing required field",
      page([{ _uid: "h1", component: "hero_section" }]),
      ["content(page).body[0](hero_section).headline: is required"],
    ],
    [
      "an option value the schema does not list",
      page([{ ...hero, theme: "purple" }]),
      ['content(page).body[0](hero_section).theme: "purple" is not one of "light", "dark", "accent"'],
    ],
    [
      "a number that is not a string",
      page([{ _uid: "c1", component: "card_list", columns: 3 }]),
      ["content(page).body[0](card_list).columns: must be a number written as a string (Storyblok's format), got number"],
    ],
    [
      "a blok outside the field's whitelist",
      page([{ _uid: "t1", component: "text_input", label: "a", name: "b" }]),
      [
        'content(page).body[0](text_input): "text_input" is not allowed here (allowed: assets_container, card_list, hero_section, links_container, single_card, timeline_slide_list, vertical_slide_section)',
      ],
    ],
    [
      "a field the component does not have",
      page([{ ...hero, titel: "x" }]),
      ['content(page).body[0](hero_section).titel: is not a field of "hero_section"'],
    ],
    ["a nestable blok as content type", hero, ['content: "hero_section" is not a content type (is_root is false)']],
    [
      "a datetime in the wrong format",
      page([
        {
          _uid: "l1",
          component: "timeline_slide_list",
          slides: [{ _uid: "s1", component: "timeline_slide", title: "x", start_date: "2024-01-01" }],
        },
      ]),
      [
        'content(page).body[0](timeline_slide_list).slides[0](timeline_slide).start_date: "2024-01-01" is not in Storyblok\'s datetime format "YYYY-MM-DD HH:mm"',
      ],
    ],
  ];
  it.each(cases)("%s", (_name, content, expected) => {
    expect(validateContent(content)).toEqual(expected);
  });

  it("checks bloks embedded in rich text against the field's whitelist", () => {
    const project = projectStory(
      "projects/x",
      {},
      {
        description: {
          type: "doc",
          content: [{ type: "blok", attrs: { id: "b", body: [{ _uid: "q", component: "card", title: "no" }] } }],
        },
      },
    );
    expect(validateContent(project.content)).toEqual([
      'content(project).description.content[0].body[0](card): "card" is not allowed here (allowed: assets_container, link)',
    ]);
  });
});

describe("validateContentDirectory", () => {
  it("names dangling relations, misplaced files and missing assets", async () => {
    const project = projectStory("projects/a", {}, { related: ["00000000-0000-4000-8000-00000000dead"] });
    const { dir, cleanup } = await makeContentDir({ ...storyFiles([project]), "stories/elsewhere.json": projectStory("projects/b") });
    try {
      const { problems } = await validateContentDirectory(dir);
      expect(problems).toContainEqual({
        file: "stories/projects/a.json",
        problem: 'refers to story uuid "00000000-0000-4000-8000-00000000dead", which no story has',
      });
      expect(problems).toContainEqual({
        file: "stories/elsewhere.json",
        problem: 'full_slug "projects/b" belongs in stories/projects/b.json',
      });
      expect(problems).toContainEqual({ file: "stories/projects/a.json", problem: `asset "assets/x.svg" has no file under ${dir}/assets` });
    } finally {
      await cleanup();
    }
  });
});
