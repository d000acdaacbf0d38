import { describe, expect, it } from "vitest";
import { pascalCase } from "../../../codegen";
import { fileOf, run } from "./helpers";

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
    expect(components).toContain("columns?: _2colBlok[];");
  });

  it("keeps generated names free: a component called `any` does not replace AnyBlok", () => {
    const result = run([{ name: "any", is_nestable: true, schema: {} }]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain("export type Any2Blok = {");
    expect(components).toContain("export type AnyBlok = Any2Blok;");
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "warning", component: "any" })]);
  });

  it("moves a root component's story alias along with its type", () => {
    const result = run([
      { name: "storyblok", is_root: true, schema: {} },
    ]);
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
    const result = run([{ name: "sections_group", is_nestable: true, component_group_uuid: "g1", component_group_name: "Sections", schema: {} }]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain("export type SectionsGroupBlok = {");
    expect(components).toContain("export type Sections2GroupBlok = SectionsGroupBlok;");
  });
});
