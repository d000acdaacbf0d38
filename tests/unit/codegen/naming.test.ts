import { describe, expect, it } from "vitest";
import { pascalCase } from "storyblok-typed-codegen";
import { aliasOf, compile, fileOf, propertyLine, run, withConsumer } from "./helpers";

describe("pascalCase", () => {
  const cases: [string, { given: string; want: string }][] = [
    ["snake_case", { given: "hero_section", want: "HeroSection" }],
    ["kebab-case", { given: "popular-articles", want: "PopularArticles" }],
    ["spaces", { given: "Modal Block", want: "ModalBlock" }],
    ["camelCase keeps its case changes", { given: "heroSection", want: "HeroSection" }],
    ["mixed separators", { given: "HeaderV1-NavigationItemLevelOne", want: "HeaderV1NavigationItemLevelOne" }],
    ["leading digit", { given: "2col", want: "_2col" }],
    ["emoji are separators", { given: "🎉 party_time", want: "PartyTime" }],
    ["non-ASCII letters stay", { given: "über_uns", want: "ÜberUns" }],
    ["only emoji", { given: "🎉", want: "" }],
  ];
  it.each(cases)("%s", (_name, { given, want }) => expect(pascalCase(given)).toBe(want));
});

describe("the naming table", () => {
  it("suffixes the second of two colliding names and warns", () => {
    const result = run([
      { name: "modal_block", is_nestable: true, schema: {} },
      { name: "Modal Block", is_nestable: true, schema: {} },
    ]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain('export type ModalBlockBlok = {\n  component: "Modal Block";');
    expect(components).toContain('export type ModalBlock2Blok = {\n  component: "modal_block";');
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "warning", component: "modal_block" })]);
  });

  it("gives the same names whatever the order of the schema file", () => {
    const a = { name: "modal_block", is_nestable: true, schema: {} };
    const b = { name: "Modal Block", is_nestable: true, schema: {} };
    expect(fileOf(run([a, b]), "components.ts")).toBe(fileOf(run([b, a]), "components.ts"));
  });

  it("uses the same name in declarations and references", () => {
    const result = run([
      { name: "2col", is_nestable: true, schema: {} },
      { name: "grid", is_nestable: true, schema: { columns: { type: "bloks", restrict_components: true, component_whitelist: ["2col"] } } },
    ]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain("export type _2colBlok = {");
    expect(components).toContain("columns?: GridColumnsBloks[];");
    expect(aliasOf(components, "GridColumnsBloks")).toBe("_2colBlok");
  });

  it("keeps generated names free: a component called `any` does not replace AnyBlok", () => {
    const result = run([{ name: "any", is_nestable: true, schema: {} }]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain("export type Any2Blok = {");
    expect(components).toContain("export type AnyBlok = Any2Blok;");
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "warning", component: "any" })]);
  });

  it("moves a root component's story alias along with its type", () => {
    const result = run([{ name: "storyblok", is_root: true, schema: {} }]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain("export type Storyblok2Story = StoryblokStory<Storyblok2Blok>;");
  });

  it("names a component without letters or digits after a fallback, with a warning", () => {
    const result = run([{ name: "🎉", is_nestable: true, schema: {} }]);
    expect(fileOf(result, "components.ts")).toContain('export type ComponentBlok = {\n  component: "🎉";');
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "warning", component: "🎉" })]);
  });

  it("names a group after its uuid when the export has no group names", () => {
    const result = run([{ name: "hero", is_nestable: true, component_group_uuid: "463f1c70-9e1f-432e", schema: {} }]);
    expect(fileOf(result, "components.ts")).toContain("export type Group463f1c70GroupBlok = HeroBlok;");
  });

  it("suffixes a group union that clashes with a component name", () => {
    const result = run([
      { name: "sections_group", is_nestable: true, component_group_uuid: "g1", component_group_name: "Sections", schema: {} },
    ]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain("export type SectionsGroupBlok = {");
    expect(components).toContain("export type Sections2GroupBlok = SectionsGroupBlok;");
  });
});

describe("bloks field aliases", () => {
  const bloks = (whitelist: string[]) => ({ type: "bloks", restrict_components: true, component_whitelist: whitelist });

  it("names each field's union after its component and key, beside a component of a similar name", () => {
    const result = run([
      { name: "card", is_nestable: true, schema: {} },
      { name: "card_list", is_nestable: true, schema: { cards: bloks(["card"]) } },
      { name: "card_list_cards", is_nestable: true, schema: {} },
    ]);
    const components = fileOf(result, "components.ts");
    expect(propertyLine(components, "CardListBlok", "cards")).toBe("cards?: CardListCardsBloks[];");
    expect(aliasOf(components, "CardListCardsBloks")).toBe("CardBlok");
    expect(components).toContain("export type CardListCardsBlok = {");
    expect(result.diagnostics).toEqual([]);
  });

  it("suffixes the later of two colliding aliases, warns naming the field, and compiles", () => {
    const cardList = { name: "card_list", is_nestable: true, schema: { cards: bloks(["card"]) } };
    const card = { name: "card", is_nestable: true, schema: { list_cards: bloks(["card_list"]) } };
    const result = run([cardList, card]);
    const components = fileOf(result, "components.ts");
    expect(propertyLine(components, "CardBlok", "list_cards")).toBe("list_cards?: CardListCardsBloks[];");
    expect(aliasOf(components, "CardListCardsBloks")).toBe("CardListBlok");
    expect(propertyLine(components, "CardListBlok", "cards")).toBe("cards?: CardListCards2Bloks[];");
    expect(aliasOf(components, "CardListCards2Bloks")).toBe("CardBlok");
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        component: "card_list",
        field: "cards",
        message: expect.stringContaining("CardListCards2Bloks"),
      }),
    ]);
    expect(fileOf(run([card, cardList]), "components.ts")).toBe(components);
    expect(
      compile(
        withConsumer(
          result,
          'import type { CardListCards2Bloks } from "./generated";\nexport const x: CardListCards2Bloks = { component: "card", _uid: "1" };\n',
        ),
      ),
    ).toEqual([]);
  });

  it("builds on the component's suffixed name, and falls back for a key without letters or digits", () => {
    const result = run([
      { name: "modal_block", is_nestable: true, schema: { items: { type: "bloks" } } },
      { name: "Modal Block", is_nestable: true, schema: { items: { type: "bloks" }, "🎉": { type: "bloks" } } },
    ]);
    const components = fileOf(result, "components.ts");
    expect(propertyLine(components, "ModalBlockBlok", "items")).toBe("items?: ModalBlockItemsBloks[];");
    expect(propertyLine(components, "ModalBlockBlok", "🎉")).toBe('"🎉"?: ModalBlockFieldBloks[];');
    expect(propertyLine(components, "ModalBlock2Blok", "items")).toBe("items?: ModalBlock2ItemsBloks[];");
  });
});
