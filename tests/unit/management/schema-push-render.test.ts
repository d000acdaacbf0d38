import { describe, expect, it } from "vitest";
import type { SchemaPlan } from "../../../tools/schema-push/plan-model";
import { renderPlan } from "../../../tools/schema-push/render-plan";

/**
 * The plan text the owner reads before confirming a push, line for line:
 * hand-made plans with every kind of step, so each line's wording, mark,
 * indent, separator and `[breaking]` flag is pinned (schema-push-plan.test.ts
 * renders plans of real schemas and checks a few lines of each).
 */

const NOTHING: SchemaPlan = { groups: [], components: [], presets: [], datasources: [], breaking: [], kept: [], notes: [] };

function plan(parts: Partial<SchemaPlan>): SchemaPlan {
  return { ...NOTHING, ...parts };
}

const EVERY_KIND: SchemaPlan = plan({
  groups: [
    { action: "add", name: "Sections", parent: null },
    { action: "add", name: "Heroes", parent: "Sections" },
    { action: "change", name: "Cards", parent: null, parentBefore: "Sections" },
    { action: "change", name: "Media", parent: "Sections", parentBefore: null },
    { action: "remove", name: "Old", parent: null },
  ],
  components: [
    {
      action: "add",
      name: "quote",
      settings: [
        { key: "is_nestable", from: undefined, to: true },
        { key: "component_group", from: undefined, to: "Sections" },
      ],
      fields: [
        { key: "text", action: "add", type: "textarea", settings: [] },
        { key: "by", action: "add", type: "text", settings: [] },
      ],
    },
    {
      action: "change",
      name: "project",
      settings: [{ key: "display_name", from: "Project", to: "Case study" }],
      fields: [
        { key: "tagline", action: "add", type: "text", settings: [] },
        { key: "client", action: "remove", type: "text", settings: [] },
        {
          key: "year",
          action: "change",
          type: "text",
          settings: [
            { key: "type", from: "number", to: "text" },
            { key: "required", from: true, to: undefined },
          ],
        },
        { key: "summary", action: "change", type: "textarea", settings: [{ key: "max_length", from: 200, to: 160 }] },
      ],
    },
    { action: "remove", name: "old_card", settings: [], fields: [] },
    { action: "remove", name: "unused", settings: [], fields: [] },
  ],
  presets: [
    { action: "add", component: "quote", name: "Short", settings: [] },
    {
      action: "change",
      component: "project",
      name: "Ring",
      settings: [
        { key: "image", from: "a.png", to: "b.png" },
        { key: "color", from: null, to: "#fff" },
      ],
    },
    { action: "remove", component: "project", name: "Old", settings: [] },
  ],
  datasources: [
    {
      action: "add",
      slug: "themes",
      name: "Themes",
      settings: [],
      entries: [{ action: "add", value: "dark", name: "Dark" }],
    },
    {
      action: "change",
      slug: "sizes",
      name: "Sizes",
      settings: [{ key: "name", from: "Size", to: "Sizes" }],
      entries: [
        { action: "change", value: "s", name: "Small", nameBefore: "Tiny" },
        { action: "remove", value: "xl", name: "Huge" },
        { action: "remove", value: "xxl", name: "Giant" },
      ],
    },
    { action: "remove", slug: "colours", name: "Colours", settings: [], entries: [] },
    { action: "remove", slug: "spare", name: "Spare", settings: [], entries: [] },
  ],
  languages: {
    from: {
      defaultName: "English",
      languages: [
        { code: "de", name: "Deutsch" },
        { code: "fr", name: "Français" },
      ],
    },
    to: {
      defaultName: "English",
      languages: [
        { code: "nl", name: "Nederlands" },
        { code: "fr", name: "Français" },
      ],
    },
    changes: ["+ nl (Nederlands)", "- de (Deutsch)", "~ order: nl, fr"],
  },
  breaking: [
    { subject: "field project.client", reason: "removed" },
    { subject: "field project.year", reason: 'retyped "number" → "text"' },
    { subject: "component old_card", reason: "removed" },
    { subject: 'datasource sizes entry "xl"', reason: "removed" },
    { subject: "datasource colours", reason: "removed" },
    { subject: "language de", reason: "removed: the stories' translations into it are no longer served" },
  ],
  kept: ["component legacy", 'datasource themes entry "light"'],
  notes: ["component quote has the fields of blockquote", "internal tags are not pushed"],
});

describe("renderPlan", () => {
  it("every kind of step: marks, settings old and new, [breaking] beside each breaking change, then kept, notes, breaking and the count", () => {
    expect(renderPlan(EVERY_KIND)).toEqual([
      "Component groups:",
      "  + Sections",
      "  + Heroes (in Sections)",
      '  ~ Cards: parent "Sections" → null',
      '  ~ Media: parent null → "Sections"',
      "  - Old",
      "",
      "Components:",
      "  + quote",
      "      is_nestable true",
      '      component_group "Sections"',
      "      + field text (textarea)",
      "      + field by (text)",
      "  ~ project",
      '      ~ display_name "Project" → "Case study"',
      "      + field tagline (text)",
      "      - field client (text)  [breaking]",
      '      ~ field year: type "number" → "text"; required true → (unset)  [breaking]',
      "      ~ field summary: max_length 200 → 160",
      "  - old_card  [breaking]",
      "  - unused",
      "",
      "Presets:",
      '  + quote: "Short"',
      '  ~ project: "Ring": image "a.png" → "b.png"; color null → "#fff"',
      '  - project: "Old"',
      "",
      "Datasources:",
      "  + themes (Themes)",
      '      + entry "dark" (Dark)',
      "  ~ sizes",
      '      ~ name "Size" → "Sizes"',
      '      ~ entry "s": name "Tiny" → "Small"',
      '      - entry "xl" (Huge)  [breaking]',
      '      - entry "xxl" (Giant)',
      "  - colours (Colours)  [breaking]",
      "  - spare (Spare)",
      "",
      "Languages (the default language, English, and nl (Nederlands), fr (Français); the space has de (Deutsch), fr (Français)):",
      "  + nl (Nederlands)",
      "  - de (Deutsch)  [breaking]",
      "  ~ order: nl, fr",
      "",
      "In the space but not in schema/, left as they are (--prune deletes them):",
      "  component legacy",
      '  datasource themes entry "light"',
      "",
      "Notes:",
      "  component quote has the fields of blockquote",
      "  internal tags are not pushed",
      "",
      "Breaking changes (6):",
      "  field project.client: removed",
      '  field project.year: retyped "number" → "text"',
      "  component old_card: removed",
      '  datasource sizes entry "xl": removed',
      "  datasource colours: removed",
      "  language de: removed: the stories' translations into it are no longer served",
      "",
      "5 to add, 6 to change, 6 to remove.",
    ]);
  });

  it("a section alone starts the text, with no blank line before it", () => {
    expect(renderPlan(plan({ presets: [{ action: "add", component: "quote", name: "Short", settings: [] }] }))).toEqual([
      "Presets:",
      '  + quote: "Short"',
      "",
      "1 to add, 0 to change, 0 to remove.",
    ]);
    expect(
      renderPlan(
        plan({
          languages: {
            from: { defaultName: "Default", languages: [{ code: "nl", name: "Nederlands" }] },
            to: { defaultName: "English", languages: [] },
            changes: ["- nl (Nederlands)", `~ default language's name: "Default" → "English"`],
          },
        }),
      ),
    ).toEqual([
      "Languages (the default language, English, and none; the space has nl (Nederlands)):",
      "  - nl (Nederlands)",
      `  ~ default language's name: "Default" → "English"`,
      "",
      "0 to add, 1 to change, 0 to remove.",
    ]);
  });

  it("nothing to change: says so, and still lists what is kept and the notes, with no count", () => {
    expect(renderPlan(NOTHING)).toEqual(["No changes: the space already holds what schema/ holds."]);
    expect(renderPlan(plan({ kept: ["component legacy"], notes: ["schema/ has no datasources.json"] }))).toEqual([
      "No changes: the space already holds what schema/ holds.",
      "",
      "In the space but not in schema/, left as they are (--prune deletes them):",
      "  component legacy",
      "",
      "Notes:",
      "  schema/ has no datasources.json",
    ]);
  });
});
