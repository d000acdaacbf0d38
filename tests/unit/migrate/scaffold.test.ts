/**
 * `migrate new` as data (codegen/migrate): which changes need a migration,
 * renames, and scaffolds compiled with the real tsc and helpers: complete
 * ones compile, unfinished ones fail with one error per hole naming it.
 */
import { describe, expect, it } from "vitest";
import {
  componentChanges,
  generate,
  fitsWithoutMigration,
  type ComponentChange,
  isBreaking,
  parseRename,
  planMigration,
  renameProblems,
  suggestRenames,
  type Rename,
} from "storyblok-typed-codegen";
import type { RawComponent } from "../codegen/helpers";
import { compileMigration } from "./support/compile";

describe("fitsWithoutMigration", () => {
  const cases: [string, { given: [string, string]; want: boolean }][] = [
    ["the same type", { given: ["?: string", "?: string"], want: true }],
    ["required made optional", { given: [": string", "?: string"], want: true }],
    ["optional made required", { given: ["?: string", ": string"], want: false }],
    ["an option value added", { given: ['?: "a" | "b"', '?: "a" | "b" | "c"'], want: true }],
    ["an option value removed", { given: ['?: "a" | "b"', '?: "a"'], want: false }],
    ["a block kind allowed", { given: ["?: CardBlok[]", "?: (CardBlok | LinkBlok)[]"], want: true }],
    ["a block kind no longer allowed", { given: ["?: (CardBlok | LinkBlok)[]", "?: CardBlok[]"], want: false }],
    ["rich text allowing a block", { given: ["?: RichTextDoc<never>", "?: RichTextDoc<LinkBlok>"], want: true }],
    [
      "a link type allowed",
      { given: ['?: StoryblokMultilink<"story" | "url">', '?: StoryblokMultilink<"story" | "url" | "email">'], want: true },
    ],
    ["text to rich text", { given: ["?: string", "?: RichTextDoc<never>"], want: false }],
    ["text to a number", { given: [": string", ": number"], want: false }],
    ["options: a value added inside the array", { given: ['?: ("a" | "b")[]', '?: ("a" | "b" | "c")[]'], want: true }],
  ];
  it.each(cases)("%s", (_name, { given, want }) => expect(fitsWithoutMigration(given[0], given[1])).toBe(want));
});

describe("isBreaking", () => {
  const cases: [ComponentChange, boolean][] = [
    [{ kind: "block-added", block: "b", typeName: "BBlok", fieldCount: 1 }, false],
    [{ kind: "block-removed", block: "b", typeName: "BBlok" }, true],
    [{ kind: "field-added", block: "b", field: "f", type: "?: string" }, false],
    [{ kind: "field-added", block: "b", field: "f", type: ": string" }, true],
    [{ kind: "field-removed", block: "b", field: "f", was: "?: string" }, true],
    [{ kind: "field-retyped", block: "b", field: "f", was: '?: "a"', type: '?: "a" | "b"' }, false],
    [{ kind: "field-retyped", block: "b", field: "f", was: "?: string", type: "?: number" }, true],
    // Its translations stay in content, where Storyblok no longer serves them.
    [{ kind: "field-untranslated", block: "b", field: "f" }, true],
    [{ kind: "field-translated", block: "b", field: "f" }, false],
  ];
  it.each(cases)("%j → %s", (change, want) => expect(isBreaking(change)).toBe(want));
});

describe("renames", () => {
  const changes: ComponentChange[] = [
    { kind: "field-added", block: "hero", field: "title", type: ": string" },
    { kind: "field-removed", block: "hero", field: "headline", was: ": string" },
    { kind: "field-added", block: "card", field: "count", type: "?: number" },
    { kind: "field-removed", block: "card", field: "label", was: "?: string" },
    { kind: "field-added", block: "link", field: "a", type: "?: string" },
    { kind: "field-added", block: "link", field: "b", type: "?: string" },
    { kind: "field-removed", block: "link", field: "c", was: "?: string" },
  ];

  it("parses block.old=new and says what is wrong with anything else", () => {
    expect(parseRename("hero_section.headline=title")).toEqual({ block: "hero_section", from: "headline", to: "title" });
    expect(parseRename("headline=title")).toMatch(/expected block\.old=new/);
  });

  it("suggests only the one field removed and the one added in a block, of the same type, and never a confirmed one", () => {
    expect(suggestRenames(changes, [])).toEqual([{ block: "hero", from: "headline", to: "title" }]);
    expect(suggestRenames(changes, [{ block: "hero", from: "headline", to: "title" }])).toEqual([]);
  });

  it("refuses a confirmed rename that names no removed or no added field", () => {
    const renames: Rename[] = [
      { block: "hero", from: "headline", to: "title" },
      { block: "hero", from: "subtitle", to: "title" },
    ];
    expect(renameProblems(renames, changes)).toEqual([
      "--rename hero.subtitle=title: hero.subtitle was not removed since the last snapshot",
      "--rename hero.subtitle=title: hero.title is in two renames",
    ]);
  });
});

const text = (extra: Record<string, unknown> = {}) => ({ type: "text", ...extra });
const link: RawComponent = { name: "link", is_nestable: true, schema: { label: text({ required: true }), url: text() } };
const hero: RawComponent = {
  name: "hero",
  is_nestable: true,
  schema: {
    headline: text({ required: true }),
    intro: text(),
    tone: { type: "option", options: [{ value: "a" }, { value: "b" }] },
    actions: { type: "bloks", restrict_components: true, component_whitelist: ["link"] },
  },
};
const page: RawComponent = { name: "page", is_root: true, is_nestable: false, schema: { body: { type: "bloks" } } };

/** The scaffold and both sides' types for a change from `before` to `after`. */
function scaffold(before: RawComponent[], after: RawComponent[], renames: Rename[] = []) {
  const files = (components: RawComponent[], label: string) => generate({ documents: [{ components }], schemaLabel: label }).files;
  const plan = planMigration({
    id: "20260101000000-test",
    before: files(before, "migrations/x/schema"),
    after: files(after, "migrations/20260101000000-test/schema"),
    renames,
    previousSnapshot: "migrations/x/schema",
    snapshot: "migrations/20260101000000-test/schema",
    helpersImport: "../tools/migrations/helpers",
  });
  return { plan, text: plan.files[0]!.contents };
}

const withSchema = (component: RawComponent, schema: Record<string, unknown>): RawComponent => ({
  ...component,
  schema: schema as RawComponent["schema"],
});

describe("the scaffold", () => {
  it("writes the migration, both sides' types and nothing else", () => {
    const { plan } = scaffold([hero, link, page], [withSchema(hero, { ...hero.schema, intro: text({ required: true }) }), link, page]);
    expect(plan.files.map((file) => file.path)).toEqual([
      "20260101000000-test.ts",
      "20260101000000-test/before/components.ts",
      "20260101000000-test/before/richtext.ts",
      "20260101000000-test/before/storyblok.ts",
      "20260101000000-test/after/components.ts",
      "20260101000000-test/after/richtext.ts",
      "20260101000000-test/after/storyblok.ts",
    ]);
    expect(plan.files[1]!.contents.split("\n")[0]).toBe("// Generated by `portfolio migrate new` from migrations/x/schema. Do not edit.");
  });

  it("an unfinished one fails tsc with one error per hole, each naming its field", () => {
    const { headline, intro, ...rest } = hero.schema;
    const after = withSchema(hero, {
      ...rest,
      title: headline,
      intro: { type: "richtext" },
      tone: { ...hero.schema.tone, required: true },
    });
    const { plan, text: script } = scaffold([hero, link, page], [after, link, page]);
    expect(script).toContain("const { headline, ...kept } = block;");
    expect(compileMigration(plan.files).map((error) => error.replace(/^migrations\/20260101000000-test\.ts:\d+: /, ""))).toEqual([
      "Argument of type '\"hero.headline was removed: use its value (headline) in the result or drop it, then delete this line\"' is not assignable to parameter of type 'never'.",
      "Argument of type '\"hero.intro was optional string, is now optional RichTextDoc<NestableBlok>: convert block.intro\"' is not assignable to parameter of type 'never'.",
      "Argument of type '\"hero.title is new and required (string): give it a value\"' is not assignable to parameter of type 'never'.",
      `Argument of type '"hero.tone was optional \\"a\\" | \\"b\\" | \\"\\", is now required \\"a\\" | \\"b\\": convert block.tone"' is not assignable to parameter of type 'never'.`,
    ]);
  });

  it("a confirmed rename is written out and compiles as generated", () => {
    const { headline, ...rest } = hero.schema;
    const { plan, text: script } = scaffold(
      [hero, link, page],
      [withSchema(hero, { title: headline, ...rest }), link, page],
      [{ block: "hero", from: "headline", to: "title" }],
    );
    expect(script).toContain("      title: headline, // renamed from headline (--rename)");
    expect(script).not.toMatch(/\b(todo|decide)\('/);
    expect(compileMigration(plan.files)).toEqual([]);
  });

  it("changes every old value still fits compile as generated, listed where they apply", () => {
    const after = withSchema(hero, {
      ...hero.schema,
      headline: text(),
      tone: { type: "option", options: [{ value: "a" }, { value: "b" }, { value: "c" }] },
      eyebrow: text(),
    });
    const { plan, text: script } = scaffold([hero, link, page], [after, link, page]);
    expect(script).toContain("      // eyebrow?: string is new and optional: set it here if existing content should fill it.");
    expect(script).toContain(
      '      // tone was optional "a" | "b" | "", is now optional "a" | "b" | "c" | "": every old value still fits.',
    );
    expect(plan.breaking).toEqual([]);
    expect(compileMigration(plan.files)).toEqual([]);
  });

  it("types a block's nested blocks as migrated, so a change inside them does not break the block's function", () => {
    // link changes incompatibly (a required field) and hero holds links: hero's own rename still compiles as generated.
    const { headline, ...rest } = hero.schema;
    const after = [
      withSchema(hero, { title: headline, ...rest }),
      withSchema(link, { ...link.schema, variant: text({ required: true }) }),
      page,
    ];
    const { plan, text: script } = scaffold([hero, link, page], after, [{ block: "hero", from: "headline", to: "title" }]);
    expect(script).toContain('hero(block: Migrating<Before.HeroBlok, After.HeroBlok, "actions">): After.HeroBlok {');
    expect(compileMigration(plan.files).map((error) => error.replace(/^migrations\/20260101000000-test\.ts:\d+: /, ""))).toEqual([
      "Argument of type '\"link.variant is new and required (string): give it a value\"' is not assignable to parameter of type 'never'.",
    ]);
  });

  it("a removed block must say what replaces it, and a field that allowed only it what becomes of its blocks", () => {
    const { plan, text: script } = scaffold([hero, link, page], [hero, page]);
    expect(script).toContain("  link(block: Before.LinkBlok): After.AnyBlok[] {");
    expect(compileMigration(plan.files)).toEqual([
      expect.stringContaining("hero.actions was optional LinkBlok[], is now optional never[]: convert block.actions"),
      expect.stringContaining("block link was removed: return the blocks that replace it ([] drops it)"),
    ]);
  });

  it("lists the changes as check does, added blocks without a function", () => {
    const added: RawComponent = { name: "quote", is_nestable: true, schema: { text: text() } };
    const { plan, text: script } = scaffold([hero, link, page], [hero, link, page, added]);
    expect(plan.changes).toEqual(componentChanges(plan.files[1]!.contents, plan.files[4]!.contents));
    expect(script).toContain(" *   + block quote (1 field)");
    expect(script).toContain("export default defineMigration<Before.BlokByComponent, After.BlokByComponent>({\n\n});");
  });
});

describe("the scaffold of a translatable field's change carries its translations", () => {
  const translatable = (component: RawComponent, ...fields: string[]): RawComponent =>
    withSchema(
      component,
      Object.fromEntries(
        Object.entries(component.schema).map(([key, field]) => [key, fields.includes(key) ? { ...field, translatable: true } : field]),
      ),
    );
  const translatedHero = translatable(hero, "headline", "intro");

  it("a rename is renameField, which renames every headline__i18n__<code> too; it compiles as generated", () => {
    const { headline, ...rest } = translatedHero.schema;
    const { plan, text: script } = scaffold(
      [translatedHero, link, page],
      [withSchema(translatedHero, { title: headline, ...rest }), link, page],
      [{ block: "hero", from: "headline", to: "title" }],
    );
    expect(script).toContain('      ...renameField(block, "headline", "title"),');
    expect(script).toContain("import { defineMigration, renameField, type Migrating } from");
    expect(compileMigration(plan.files)).toEqual([]);
  });

  it("a conversion is convertField, whose function converts every language's value", () => {
    const after = withSchema(translatedHero, { ...translatedHero.schema, intro: { type: "richtext", translatable: true } });
    const { plan, text: script } = scaffold([translatedHero, link, page], [after, link, page]);
    expect(script).toContain(
      "      ...convertField(block, \"intro\", (intro) => todo('hero.intro was optional string, is now optional RichTextDoc<NestableBlok>: convert intro (every language\\'s value in turn)')),",
    );
    expect(compileMigration(plan.files).map((error) => error.replace(/^migrations\/20260101000000-test\.ts:\d+: /, ""))).toEqual([
      `Argument of type '"hero.intro was optional string, is now optional RichTextDoc<NestableBlok>: convert intro (every language's value in turn)"' is not assignable to parameter of type 'never'.`,
    ]);
    // Filled in as a developer would: the text made rich text, in every language.
    const filled = script.replace(/todo\('hero\.intro.*'\)\),$/m, "textToRichText(intro)),").replace(", todo,", ", textToRichText,");
    expect(compileMigration([{ ...plan.files[0]!, contents: filled }, ...plan.files.slice(1)])).toEqual([]);
  });

  it("a removed field's translations are dropped with it (dropTranslations), once its value is decided on", () => {
    const { intro, ...rest } = translatedHero.schema;
    const { plan, text: script } = scaffold([translatedHero, link, page], [withSchema(translatedHero, rest), link, page]);
    expect(script).toContain("const { intro, ...kept } = block;");
    expect(script).toContain('      ...dropTranslations(kept, "intro"),');
    expect(compileMigration(plan.files)).toEqual([expect.stringContaining("hero.intro was removed: use its value (intro)")]);
  });

  it("a field no longer translatable is a breaking change whose scaffold drops its translations once decided", () => {
    const { plan, text: script } = scaffold([translatedHero, link, page], [translatable(hero, "intro"), link, page]);
    expect(plan.changes).toEqual([{ kind: "field-untranslated", block: "hero", field: "headline" }]);
    expect(plan.breaking).toEqual(plan.changes);
    expect(script).toContain(" *   ~ field hero.headline is no longer translatable");
    expect(script).toContain('      ...dropTranslations(block, "headline"),');
    expect(compileMigration(plan.files).map((error) => error.replace(/^migrations\/20260101000000-test\.ts:\d+: /, ""))).toEqual([
      `Argument of type '"hero.headline is no longer translatable: its translations (headline__i18n__…) are dropped below; to keep one language\'s text as its value instead, set headline from translationOf(block, \\"headline\\", code), then delete this line"' is not assignable to parameter of type 'never'.`,
    ]);
  });

  it("a field made translatable needs nothing: it is listed, and its block gets no function for it alone", () => {
    const { plan, text: script } = scaffold([hero, link, page], [translatable(hero, "intro"), link, page]);
    expect(plan.changes).toEqual([{ kind: "field-translated", block: "hero", field: "intro" }]);
    expect(plan.breaking).toEqual([]);
    expect(script).toContain(" *   ~ field hero.intro is now translatable");
    expect(script).toContain("export default defineMigration<Before.BlokByComponent, After.BlokByComponent>({\n\n});");
    expect(compileMigration(plan.files)).toEqual([]);
  });
});
