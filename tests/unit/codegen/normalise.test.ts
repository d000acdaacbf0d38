import { describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import { fileOf } from "./helpers";

const hero = { name: "hero", is_nestable: true, component_group_uuid: "g1", schema: { title: { type: "text", required: true } } };
const page = { name: "page", is_root: true, schema: { body: { type: "bloks" } } };
const groups = [{ uuid: "g1", name: "Sections" }];

/** Every accepted layout of the same schema must give the same components.ts. */
describe("input layouts", () => {
  const layouts: [string, { given: unknown[] }][] = [
    ["Management API / storyblok CLI single file", { given: [{ components: [hero, page], component_groups: groups }] }],
    ["CLI v4: an array of components, and an array of groups", { given: [[hero, page], groups] }],
    ["CLI v4: one file per component, and a groups file", { given: [hero, page, { component_groups: groups }] }],
  ];
  const expected = fileOf(generate({ documents: layouts[0]![1].given, schemaLabel: "s" }), "components.ts");

  it.each(layouts)("%s", (_name, { given }) => {
    const result = generate({ documents: given, schemaLabel: "s" });
    expect(result.diagnostics).toEqual([]);
    expect(fileOf(result, "components.ts")).toBe(expected);
    expect(expected).toContain("export type SectionsGroupBlok = HeroBlok;");
  });
});

describe("bad input", () => {
  const cases: [string, { given: unknown[]; want: RegExp }][] = [
    ["not JSON objects", { given: [42], want: /not a JSON object or array/ }],
    ["an object that is not a schema", { given: [{ hello: "world" }], want: /neither components nor component groups/ }],
  ];
  it.each(cases)("%s: an error, no files", (_name, { given, want }) => {
    const result = generate({ documents: given, schemaLabel: "s" });
    expect(result.files).toEqual([]);
    expect(
      result.diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => d.message)
        .join("\n"),
    ).toMatch(want);
  });

  const skipped: [string, { given: unknown[]; want: RegExp; skipped: string }][] = [
    ["a component without a name", { given: [{ components: [{ schema: {} }, hero] }], want: /has no `name`; skipped/, skipped: "#1" }],
    [
      "schema is not an object",
      { given: [{ components: [{ name: "x", schema: [] }, hero] }], want: /`schema` is not an object of fields; skipped/, skipped: "x" },
    ],
  ];
  it.each(skipped)("%s: an error, that component left out, the rest written", (_name, { given, want, skipped }) => {
    const result = generate({ documents: given, schemaLabel: "s" });
    expect(
      result.diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => d.message)
        .join("\n"),
    ).toMatch(want);
    expect(result.skipped).toEqual([skipped]);
    expect(fileOf(result, "components.ts")).toContain("export type HeroBlok = {");
  });

  it("a relations file without resolve_relations is an error", () => {
    const result = generate({ documents: [{ components: [hero] }], relations: { nope: [] }, schemaLabel: "s" });
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ severity: "error", message: expect.stringContaining("resolve_relations") }),
    );
  });

  it("a relation naming no story field is kept, with a warning", () => {
    const result = generate({ documents: [{ components: [hero] }], relations: ["hero.title"], schemaLabel: "s" });
    expect(fileOf(result, "relations.ts")).toContain('"hero.title",');
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "warning", component: "hero", field: "title" })]);
  });
});

describe("a component listed twice", () => {
  const stamped = (id: number, updated: string, extra: Record<string, unknown> = {}) => ({
    ...hero,
    id,
    created_at: "2023-01-01T00:00:00.000Z",
    updated_at: updated,
    schema: { ...hero.schema, ...extra },
  });
  const older = stamped(11, "2024-01-01T00:00:00.000Z");
  const newer = stamped(42, "2024-06-01T00:00:00.000Z", { subtitle: { type: "text" } });

  it("identical but for metadata: typed once, with a warning", () => {
    const result = generate({ documents: [{ components: [older, stamped(12, "2025-01-01T00:00:00.000Z"), page] }], schemaLabel: "s" });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "duplicate-component",
        component: "hero",
        message: expect.stringContaining("listed 2 times with the same definition"),
      }),
    ]);
    expect(fileOf(result, "components.ts").match(/export type HeroBlok = /g)).toHaveLength(1);
  });

  it("conflicting: the most recently updated is typed, in either order, and the warning names both", () => {
    const result = generate({ documents: [{ components: [older, newer] }], schemaLabel: "s" });
    const components = fileOf(result, "components.ts");
    expect(components).toContain("subtitle?: string;");
    expect(fileOf(generate({ documents: [{ components: [newer, older] }], schemaLabel: "s" }), "components.ts")).toBe(components);
    const [warning, ...rest] = result.diagnostics;
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ severity: "warning", code: "conflicting-duplicate", component: "hero" });
    expect(warning!.message).toBe(
      "is listed 2 times with 2 different definitions; typed from the most recently updated (id 42, updated 2024-06-01T00:00:00.000Z, fields subtitle, title), not from (id 11, updated 2024-01-01T00:00:00.000Z, fields title)",
    );
  });

  it("conflicting without metadata: the same choice whatever the order", () => {
    const a = { ...hero, schema: { title: { type: "text" } } };
    const b = { ...hero, schema: { title: { type: "textarea" } } };
    const one = generate({ documents: [{ components: [a, b] }], schemaLabel: "s" });
    const two = generate({ documents: [{ components: [b, a] }], schemaLabel: "s" });
    expect(one.files).toEqual(two.files);
    expect(one.diagnostics).toEqual(two.diagnostics);
  });
});

describe("determinism", () => {
  it("has a header naming the command and the schema, and no dates", () => {
    const result = generate({ documents: [{ components: [hero, page] }], schemaLabel: "schema/components.json" });
    for (const file of result.files) {
      expect(file.contents.split("\n")[0]).toBe(
        "// Generated by `npx storyblok-typed-codegen generate` from schema/components.json. Do not edit.",
      );
      expect(file.contents).not.toMatch(/\b20\d\d-\d\d-\d\d/);
    }
    // A project names its own command (the config's "command"), as this one does.
    const own = generate({ documents: [{ components: [hero, page] }], schemaLabel: "schema/components.json", command: "npm run codegen" });
    expect(own.files.map((file) => file.contents.split("\n")[0])).toEqual(
      own.files.map(() => "// Generated by `npm run codegen` from schema/components.json. Do not edit."),
    );
  });

  it("sorts components with numeric ordering", () => {
    const v = (name: string) => ({ name, is_nestable: true, schema: {} });
    const result = generate({ documents: [[v("HeroV10"), v("HeroV2"), v("HeroV1")]], schemaLabel: "s" });
    expect(fileOf(result, "components.ts")).toContain("export type AnyBlok =\n  | HeroV1Blok\n  | HeroV2Blok\n  | HeroV10Blok;");
  });
});
