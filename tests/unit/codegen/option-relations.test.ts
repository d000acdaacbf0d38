import { describe, expect, it } from "vitest";
import { compile, fileOf, propertyLine, run, withConsumer, type RawComponent, type RawField } from "./helpers";

/**
 * `option` / `options` fields whose values are stories (`source: "internal_stories"`,
 * usually `use_uuid: true`): Storyblok stores the story's uuid, and a request
 * that names the field in `resolve_relations` gets the story in its place, or
 * the uuid when it could not resolve it. Declared, the field is typed that way
 * (the content types `filter_content_type` allows, any content type when it
 * names none that is typed); undeclared, it stays the stored uuid.
 */
type Case = { name: string; field: RawField; declared: boolean; line: string };

const CASES: Case[] = [
  {
    name: "option, use_uuid, a filter naming a content type twice in two spellings (shelton-mindel's project.category)",
    field: { type: "option", use_uuid: true, source: "internal_stories", filter_content_type: ["Category", "category"] },
    declared: true,
    line: "link?: string | StoryblokStory<CategoryBlok>;",
  },
  {
    name: "option without use_uuid",
    field: { type: "option", source: "internal_stories", filter_content_type: ["category"] },
    declared: true,
    line: "link?: string | StoryblokStory<CategoryBlok>;",
  },
  {
    name: "options: each entry resolved or its uuid",
    field: { type: "options", use_uuid: true, source: "internal_stories", filter_content_type: ["category", "project"] },
    declared: true,
    line: "link?: (string | StoryblokStory<CategoryBlok | ProjectBlok>)[];",
  },
  {
    name: "no filter: a story of any content type",
    field: { type: "option", use_uuid: true, source: "internal_stories" },
    declared: true,
    line: "link?: string | StoryblokStory<ContentTypeBlok>;",
  },
  {
    name: "required: present, still either form",
    field: { type: "option", use_uuid: true, source: "internal_stories", filter_content_type: ["category"], required: true },
    declared: true,
    line: "link: string | StoryblokStory<CategoryBlok>;",
  },
  {
    name: "undeclared option stays the stored uuid",
    field: { type: "option", use_uuid: true, source: "internal_stories", filter_content_type: ["category"] },
    declared: false,
    line: "link?: string;",
  },
  {
    name: "undeclared options stay the stored uuids",
    field: { type: "options", use_uuid: true, source: "internal_stories", filter_content_type: ["category"] },
    declared: false,
    line: "link?: string[];",
  },
  {
    name: "a declared option of the schema's own values is no relation: its values, as before",
    field: { type: "option", options: [{ value: "a" }, { value: "b" }] },
    declared: true,
    line: 'link?: "a" | "b" | "";',
  },
];

function schemaWith(field: RawField): RawComponent[] {
  return [
    { name: "project", is_root: true, schema: { headline: { type: "text" }, link: field } },
    { name: "category", is_root: true, schema: { title: { type: "text", required: true } } },
  ];
}

const DECLARED = { relations: { resolve_relations: ["project.link"] } };

describe("option and options fields of internal stories, by what the requests resolve", () => {
  it.each(CASES)("$name", ({ field, declared, line }) => {
    const components = fileOf(run(schemaWith(field), declared ? DECLARED : {}), "components.ts");
    expect(propertyLine(components, "ProjectBlok", "link")).toBe(line);
  });

  const shelton = schemaWith(CASES[0]!.field);
  const reads = (body: string) =>
    `import type { ProjectBlok } from "./generated";\nexport const read = (project: ProjectBlok) => ${body};\n`;

  it("declared: the resolved story's fields are reached by narrowing, as the SDK's code does", () => {
    const code = reads('typeof project.link === "string" ? project.link : project.link?.content.title ?? project.link?.name');
    expect(compile(withConsumer(run(shelton, DECLARED), code))).toEqual([]);
  });

  it("declared: reading the story's name without narrowing is an error, since an unresolved relation is its uuid", () => {
    const errors = compile(withConsumer(run(shelton, DECLARED), reads("project.link?.name")));
    expect(errors.join("\n")).toContain("Property 'name' does not exist on type 'string | StoryblokStory<CategoryBlok>'");
  });

  it("undeclared: the story branch is never", () => {
    const code = reads('typeof project.link === "string" ? project.link : project.link?.name');
    expect(compile(withConsumer(run(shelton), code)).join("\n")).toContain("Property 'name' does not exist on type 'never'");
  });
});
