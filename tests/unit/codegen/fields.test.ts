import { describe, expect, it } from "vitest";
import { BUILT_IN_PLUGINS, type Diagnostic } from "storyblok-typed-codegen";
import { aliasOf, compile, fileOf, propertyLine, run, withConsumer, type RawComponent, type RawField } from "./helpers";

/**
 * One case per Storyblok field kind and variant: a field definition in, the
 * property it becomes out. Every case puts the field on a component `probe`
 * next to a few neighbours it can reference.
 */
const SECTIONS = "11111111-aaaa-4aaa-8aaa-111111111111";
const neighbours: RawComponent[] = [
  { name: "link", is_nestable: true, component_group_uuid: SECTIONS, internal_tag_ids: ["7"], schema: {} },
  { name: "card", is_nestable: true, component_group_uuid: SECTIONS, internal_tags_list: [{ id: 8, name: "x" }], schema: {} },
  { name: "page", is_root: true, schema: {} },
  { name: "article", is_root: true, schema: {} },
];

type Case = {
  given: RawField;
  /** The property line, without the trailing `;`; undefined when the key must not appear. */
  want: string | undefined;
  /** bloks: the members of the field's named union, `ProbeValueBloks`. */
  alias?: string;
  relations?: string[];
  /** Story and restricted link fields: the field's line in relations.ts (RelationTargets, LinkTargets), without the `;`. */
  target?: string;
  datasources?: unknown;
  warning?: RegExp;
};

const options = [
  { name: "Light", value: "light" },
  { name: "Dark", value: "dark" },
];

const cases: [string, Case][] = [
  ["text", { given: { type: "text" }, want: "value?: string" }],
  ["text, required", { given: { type: "text", required: true }, want: "value: string" }],
  ["text, required as a string", { given: { type: "text", required: "true" }, want: "value: string" }],
  ["textarea", { given: { type: "textarea" }, want: "value?: string" }],
  ["markdown", { given: { type: "markdown" }, want: "value?: string" }],
  ["number is a string, as the API sends it", { given: { type: "number" }, want: "value?: string" }],
  ["datetime", { given: { type: "datetime" }, want: "value?: string" }],
  ["boolean", { given: { type: "boolean" }, want: "value?: boolean" }],
  ["option (self), optional: empty value allowed", { given: { type: "option", options }, want: 'value?: "light" | "dark" | ""' }],
  ["option (self), required", { given: { type: "option", options, required: true }, want: 'value: "light" | "dark"' }],
  [
    "option (self), exclude_empty_option",
    { given: { type: "option", options, exclude_empty_option: true }, want: 'value?: "light" | "dark"' },
  ],
  [
    "option (self), numeric values become strings",
    { given: { type: "option", options: [{ name: "One", value: 1 }], required: true }, want: 'value: "1"' },
  ],
  ["option (self), no options", { given: { type: "option", options: [] }, want: "value?: string", warning: /no option values/ }],
  ["options (self)", { given: { type: "options", options }, want: 'value?: ("light" | "dark")[]' }],
  // Story fields are uuids as stored, unless the project's requests resolve them (relations.json); one request's answer is typed by it (relations.ts).
  [
    "option (stories)",
    { given: { type: "option", source: "internal_stories" }, want: "value?: string", target: '"probe.value": ContentTypeBlok' },
  ],
  [
    "option (stories) in resolve_relations: a story of the allowed content types, or its uuid when unresolvable",
    {
      given: { type: "option", source: "internal_stories", filter_content_type: ["article"] },
      relations: ["probe.value"],
      want: "value?: string | StoryblokStory<ArticleBlok>",
      target: '"probe.value": ArticleBlok',
    },
  ],
  [
    "option (stories), filter_content_type as a string",
    {
      given: { type: "option", source: "internal_stories", filter_content_type: "article" },
      want: "value?: string",
      target: '"probe.value": ArticleBlok',
    },
  ],
  [
    "options (stories), several content types",
    {
      given: { type: "options", source: "internal_stories", filter_content_type: ["page", "article"] },
      want: "value?: string[]",
      target: '"probe.value": ArticleBlok | PageBlok',
    },
  ],
  [
    "options (stories), no filter: any content type",
    { given: { type: "options", source: "internal_stories" }, want: "value?: string[]", target: '"probe.value": ContentTypeBlok' },
  ],
  [
    "option (stories), filter names a missing component",
    {
      given: { type: "option", source: "internal_stories", filter_content_type: ["nope"] },
      want: "value?: string",
      target: '"probe.value": ContentTypeBlok',
      warning: /"nope", which is not typed \(not in the schema, or skipped\)/,
    },
  ],
  [
    "option (datasource) with pulled entries",
    {
      given: { type: "option", source: "internal", datasource_slug: "colours", required: true },
      datasources: [{ slug: "colours", entries: [{ value: "red" }, { value: "blue" }] }],
      want: 'value: "blue" | "red"',
    },
  ],
  [
    "option (datasource) without entries",
    { given: { type: "option", source: "internal", datasource_slug: "colours" }, want: "value?: string", warning: /datasource "colours"/ },
  ],
  ["option (languages)", { given: { type: "option", source: "internal_languages" }, want: "value?: string" }],
  ["options (external)", { given: { type: "options", source: "external" }, want: "value?: string[]" }],
  ["bloks, unrestricted", { given: { type: "bloks" }, want: "value?: ProbeValueBloks[]", alias: "NestableBlok" }],
  [
    "bloks, whitelist",
    {
      given: { type: "bloks", restrict_components: true, component_whitelist: ["link", "card"] },
      want: "value?: ProbeValueBloks[]",
      alias: "CardBlok | LinkBlok",
    },
  ],
  [
    "bloks, whitelist with an empty restrict_type",
    {
      given: { type: "bloks", restrict_components: true, restrict_type: "", component_whitelist: ["link"] },
      want: "value?: ProbeValueBloks[]",
      alias: "LinkBlok",
    },
  ],
  [
    "bloks, whitelist with maximum 1 is still an array",
    {
      given: { type: "bloks", restrict_components: true, component_whitelist: ["link"], maximum: "1" },
      want: "value?: ProbeValueBloks[]",
      alias: "LinkBlok",
    },
  ],
  [
    "bloks, whitelist but restriction off",
    {
      given: { type: "bloks", restrict_components: false, component_whitelist: ["link"] },
      want: "value?: ProbeValueBloks[]",
      alias: "NestableBlok",
    },
  ],
  [
    "bloks, groups",
    {
      given: { type: "bloks", restrict_components: true, restrict_type: "groups", component_group_whitelist: [SECTIONS] },
      want: "value?: ProbeValueBloks[]",
      alias: "SectionsGroupBlok",
    },
  ],
  [
    "bloks, tags as numbers and strings",
    {
      given: { type: "bloks", restrict_components: true, restrict_type: "tags", component_tag_whitelist: [7, "8"] },
      want: "value?: ProbeValueBloks[]",
      alias: "CardBlok | LinkBlok",
    },
  ],
  [
    "bloks, whitelist names a missing component",
    {
      given: { type: "bloks", restrict_components: true, component_whitelist: ["link", "gone"] },
      want: "value?: ProbeValueBloks[]",
      alias: "LinkBlok",
      warning: /"gone", which is not typed \(not in the schema, or skipped\)/,
    },
  ],
  [
    "bloks, restricted to nothing",
    { given: { type: "bloks", restrict_components: true }, want: "value?: ProbeValueBloks[]", alias: "never", warning: /allows none/ },
  ],
  ["asset", { given: { type: "asset", filetypes: ["images"] }, want: "value?: StoryblokAsset" }],
  ["multiasset", { given: { type: "multiasset" }, want: "value?: StoryblokAsset[]" }],
  ["image (legacy) is the file URL", { given: { type: "image" }, want: "value?: string" }],
  ["multilink, default", { given: { type: "multilink" }, want: 'value?: StoryblokMultilink<"story" | "url">' }],
  [
    "multilink restricted to content types: where its story links may point",
    {
      given: { type: "multilink", restrict_content_types: true, component_whitelist: ["page", "article"] },
      want: 'value?: StoryblokMultilink<"story" | "url">',
      target: '"probe.value": ArticleBlok | PageBlok',
    },
  ],
  [
    "multilink, email and asset allowed",
    {
      given: { type: "multilink", email_link_type: true, asset_link_type: true },
      want: 'value?: StoryblokMultilink<"story" | "url" | "email" | "asset">',
    },
  ],
  ["richtext, unrestricted", { given: { type: "richtext" }, want: "value?: RichTextDoc<NestableBlok>" }],
  [
    "richtext, whitelist",
    { given: { type: "richtext", restrict_components: true, component_whitelist: ["link"] }, want: "value?: RichTextDoc<LinkBlok>" },
  ],
  [
    "richtext, no blocks allowed",
    { given: { type: "richtext", restrict_components: true, component_whitelist: [] }, want: "value?: RichTextDoc<never>" },
  ],
  ["table", { given: { type: "table" }, want: "value?: StoryblokTable" }],
  [
    "custom, built-in plugin",
    {
      given: { type: "custom", field_type: "native-color-picker" },
      want: 'value?: { _uid?: string; plugin: "native-color-picker"; color: string }',
    },
  ],
  [
    "custom, unknown plugin",
    { given: { type: "custom", field_type: "my-plugin" }, want: "value?: unknown", warning: /"my-plugin" has no known type/ },
  ],
  ["tab holds no data", { given: { type: "tab", keys: ["x"] }, want: undefined }],
  ["section holds no data", { given: { type: "section", keys: ["x"] }, want: undefined }],
];

describe("field kinds", () => {
  it.each(cases)("%s", (_name, { given, want, alias, relations, target, datasources, warning }) => {
    const probe: RawComponent = { name: "probe", is_nestable: true, schema: { value: given } };
    const result = run([probe, ...neighbours], {
      relations: relations && { resolve_relations: relations },
      datasources,
      documents: [{ components: [probe, ...neighbours], component_groups: [{ uuid: SECTIONS, name: "Sections" }] }],
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const components = fileOf(result, "components.ts");
    expect(propertyLine(components, "ProbeBlok", "value")).toBe(want === undefined ? undefined : `${want};`);
    expect(aliasOf(components, "ProbeValueBloks")).toBe(alias);
    if (target) expect(fileOf(result, "relations.ts").split("\n")).toContain(`  ${target};`);
    const warnings = result.diagnostics.filter((d) => d.severity === "warning" && d.field === "value");
    if (warning) expect(warnings.map((d) => d.message).join("\n")).toMatch(warning);
    else expect(warnings).toEqual([]);
  });
});

describe("fields that cannot be typed", () => {
  const errors: [string, { given: Record<string, unknown>; want: Partial<Diagnostic> }][] = [
    [
      "unknown type",
      {
        given: { value: { type: "hologram" } },
        want: { code: "field-type-unknown", field: "value", message: 'unknown field type "hologram"; the component is skipped' },
      },
    ],
    [
      "no type",
      {
        given: { value: { pos: 1 } },
        want: { code: "field-without-type", field: "value", message: "field has no `type`; the component is skipped" },
      },
    ],
    [
      "not an object",
      {
        given: { value: "text" },
        want: { code: "field-not-object", field: "value", message: "field definition is not an object; the component is skipped" },
      },
    ],
  ];
  const neighbour = { name: "card", is_nestable: true, schema: { title: { type: "text" } } };
  const grid = {
    name: "grid",
    is_nestable: true,
    schema: { items: { type: "bloks", restrict_components: true, component_whitelist: ["card", "probe"] } },
  };

  it.each(errors)("%s: an error naming component and field; that component is left out, the rest is written", (_name, { given, want }) => {
    const result = run([{ name: "probe", is_nestable: true, schema: given as Record<string, RawField> }, neighbour, grid]);
    expect(result.diagnostics).toContainEqual({ severity: "error", component: "probe", ...want });
    expect(result.skipped).toEqual(["probe"]);
    const components = fileOf(result, "components.ts");
    expect(components).not.toContain("ProbeBlok");
    expect(components).toContain("export type CardBlok = {");
    expect(aliasOf(components, "GridItemsBloks")).toBe("CardBlok");
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: "whitelist-unknown-component", component: "grid", field: "items" }),
    );
    expect(fileOf(result, "validators.ts")).toContain('"items": ["bloks", 0, ["card"]]');
    expect(
      compile(
        withConsumer(
          result,
          'import type { CardBlok } from "./generated";\nexport const card: CardBlok = { component: "card", _uid: "1" };\n',
        ),
      ),
    ).toEqual([]);
  });

  it.each(errors)("%s, with strict: no files", (_name, { given }) => {
    const result = run([{ name: "probe", is_nestable: true, schema: given as Record<string, RawField> }, neighbour], { strict: true });
    expect(result.files).toEqual([]);
    expect(result.skipped).toEqual(["probe"]);
  });

  const blockKeys: [key: string][] = [["component"], ["_uid"], ["_editable"]];
  it.each(blockKeys)("a field named %s: left out of the type and the rules, with a warning; the block keeps its own key", (key) => {
    const result = run([{ name: "divider", is_nestable: true, schema: { [key]: { type: "text" }, label: { type: "text" } } }]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "field-shadows-block-key", component: "divider", field: key }),
    ]);
    const components = fileOf(result, "components.ts");
    expect(components).toContain('export type DividerBlok = {\n  component: "divider";\n  _uid: string;');
    expect(components.match(new RegExp(`^  ${key}\\??:`, "gm"))).toHaveLength(1);
    expect(propertyLine(components, "DividerBlok", "label")).toBe("label?: string;");
    expect(fileOf(result, "validators.ts")).not.toContain(`"${key}": [`);
  });
});

describe("built-in plugin types", () => {
  const builtIns: [fieldType: string, want: string][] = [
    ["native-color-picker", '{ _uid?: string; plugin: "native-color-picker"; color: string }'],
    [
      "seo-metatags",
      "{ _uid?: string; plugin?: string; title?: string; description?: string; og_title?: string; og_description?: string; og_image?: string; twitter_title?: string; twitter_description?: string; twitter_image?: string }",
    ],
    ["storyblok-colorpicker", "{ _uid?: string; plugin?: string; color: string }"],
    ["storyblok-palette", "{ _uid?: string; plugin?: string; value?: string }"],
  ];
  it.each(builtIns)("%s is typed without a warning", (fieldType, want) => {
    const result = run([{ name: "probe", schema: { value: { type: "custom", field_type: fieldType } } }]);
    expect(propertyLine(fileOf(result, "components.ts"), "ProbeBlok", "value")).toBe(`value?: ${want};`);
    expect(result.diagnostics).toEqual([]);
  });

  it("covers every built-in, and the types compile with what real plugins save", () => {
    expect(builtIns.map(([name]) => name)).toEqual(Object.keys(BUILT_IN_PLUGINS));
    const schema = Object.fromEntries(builtIns.map(([name]) => [name.replace(/-/g, "_"), { type: "custom", field_type: name }]));
    const result = run([{ name: "probe", schema }]);
    const consumer = `import type { ProbeBlok } from "./generated";
export const saved: ProbeBlok = {
  _uid: "p", component: "probe",
  native_color_picker: { plugin: "native-color-picker", color: "#fff" },
  seo_metatags: { _uid: "s", plugin: "seo_metatags", title: "T", og_image: "https://a.storyblok.com/f/1/og.png" },
  storyblok_colorpicker: { plugin: "storyblok-colorpicker", color: "" },
  storyblok_palette: { plugin: "storyblok-palette" },
};
`;
    expect(compile(withConsumer(result, consumer), ["consumer.ts"])).toEqual([]);
  });

  it("leaves a plugin that is neither built in nor mapped (hedvig's colour picker) unknown, with a warning", () => {
    const result = run([{ name: "probe", schema: { value: { type: "custom", field_type: "hedvig-minimal-color-picker" } } }]);
    expect(propertyLine(fileOf(result, "components.ts"), "ProbeBlok", "value")).toBe("value?: unknown;");
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        field: "value",
        message: expect.stringContaining('"hedvig-minimal-color-picker" has no known type'),
      }),
    ]);
  });
});

describe("custom plugin map", () => {
  it("types a plugin from the map given, over the built-ins, without a warning", () => {
    const result = run(
      [
        {
          name: "probe",
          schema: {
            a: { type: "custom", field_type: "hedvig-minimal-color-picker" },
            b: { type: "custom", field_type: "native-color-picker" },
          },
        },
      ],
      {
        plugins: { "hedvig-minimal-color-picker": "{ color: string }", "native-color-picker": "string" },
      },
    );
    const components = fileOf(result, "components.ts");
    expect(propertyLine(components, "ProbeBlok", "a")).toBe("a?: { color: string };");
    expect(propertyLine(components, "ProbeBlok", "b")).toBe("b?: string;");
    expect(result.diagnostics).toEqual([]);
  });
});

describe("property keys", () => {
  it("quotes keys that are not identifiers and keeps the rest bare", () => {
    const result = run([{ name: "probe", schema: { "foo-bar": { type: "text" }, "2x": { type: "text" }, ok_key: { type: "text" } } }]);
    const components = fileOf(result, "components.ts");
    expect(propertyLine(components, "ProbeBlok", "foo-bar")).toBe('"foo-bar"?: string;');
    expect(propertyLine(components, "ProbeBlok", "2x")).toBe('"2x"?: string;');
    expect(propertyLine(components, "ProbeBlok", "ok_key")).toBe("ok_key?: string;");
  });

  it("sorts fields by name with numeric ordering, whatever their pos", () => {
    const result = run([
      { name: "probe", schema: { b10: { type: "text", pos: 0 }, b2: { type: "text", pos: 1 }, a: { type: "text", pos: 2 } } },
    ]);
    const components = fileOf(result, "components.ts");
    const order = ["a?:", "b2?:", "b10?:"].map((key) => components.indexOf(`  ${key}`));
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });
});
