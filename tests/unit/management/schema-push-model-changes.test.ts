import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Component } from "@storyblok/management-api-client";
import { judgeFieldChanges } from "../../../tools/schema-push/model-changes";
import type { LocalDatasource, LocalSchema, SpaceSchema } from "../../../tools/schema-push/schema-model";

/**
 * Which field changes `schema push` calls breaking, judged from the types the
 * generator writes for the space's components and for schema/'s: the exact
 * subjects and reasons the plan prints, for small schemas written here.
 */

const root = mkdtempSync(join(tmpdir(), "schema-push-model-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Fields = Record<string, Record<string, unknown>>;
let folders = 0;

/** A schema folder with these components (name → fields), and the LocalSchema read from it. */
function schemaFolder(components: Record<string, Fields>, datasources?: LocalDatasource[]): { dir: string; local: LocalSchema } {
  const dir = join(root, `schema-${++folders}`);
  mkdirSync(dir);
  const raw = Object.entries(components).map(([name, schema]) => ({ name, is_nestable: true, schema }));
  writeFileSync(join(dir, "components.json"), JSON.stringify({ components: raw, component_groups: [] }));
  return { dir, local: { components: raw, groups: [], ...(datasources && { datasources }) } };
}

/** A space holding these components and datasources, as the Management API gives them. */
function space(components: Record<string, Fields>, datasources: LocalDatasource[] = []): SpaceSchema {
  let id = 100;
  return {
    components: Object.entries(components).map(([name, schema]) => ({ id: id++, name, is_nestable: true, schema }) as unknown as Component),
    groups: [],
    presets: [],
    datasources: datasources.map(({ slug, name, entries }) => ({
      datasource: { id: id++, slug, name, dimensions: [] },
      entries: entries.map((entry) => ({ id: id++, ...entry, dimension_value: null })),
    })) as unknown as SpaceSchema["datasources"],
    languages: { defaultName: "Default", languages: [] },
  };
}

const CARD: Fields = {
  title: { type: "text" },
  subtitle: { type: "text" },
  year: { type: "number" },
  size: {
    type: "option",
    options: [
      { name: "S", value: "s" },
      { name: "L", value: "l" },
    ],
  },
  note: { type: "text", translatable: true },
};

const THEMES: LocalDatasource = {
  slug: "themes",
  name: "Themes",
  entries: [
    { name: "Dark", value: "dark" },
    { name: "Light", value: "light" },
  ],
};

/** A field whose values are a datasource's entries: its type is their union. */
const THEMED: Fields = { theme: { type: "option", source: "internal", datasource_slug: "themes" } };

describe("judgeFieldChanges", () => {
  it("names each breaking field change with why stories may not fit it; widenings and new optional fields are not breaking", () => {
    const { dir, local } = schemaFolder({
      card: {
        title: { type: "text", required: true },
        year: { type: "text" },
        size: { type: "option", options: [{ name: "S", value: "s" }] },
        note: { type: "text" },
        tagline: { type: "text" },
        kicker: { type: "text", required: true },
      },
    });
    const judged = judgeFieldChanges(dir, local, space({ card: CARD }));
    expect(judged.breaking).toEqual([
      { block: "card", subject: "field card.kicker", reason: "added, required string: stories in the space have no value for it" },
      // An option field may also be empty: "" is one of its values on both sides.
      { block: "card", subject: "field card.size", reason: 'retyped optional "s" | "l" | "" → optional "s" | "": some values may not fit' },
      { block: "card", subject: "field card.title", reason: "retyped optional string → required string: some values may not fit" },
      { block: "card", subject: "field card.subtitle", reason: "removed" },
      {
        block: "card",
        subject: "field card.note",
        reason: "no longer translatable: its translations in the space's stories are no longer served",
      },
    ]);
    expect([...judged.untyped]).toEqual([]);
  });

  it("a component schema/ no longer has is not a field change (the plan judges removed components itself)", () => {
    const { dir, local } = schemaFolder({ card: CARD });
    expect(judgeFieldChanges(dir, local, space({ card: CARD, old_card: CARD, teaser: { title: { type: "text" } } }))).toEqual({
      breaking: [],
      untyped: new Set(),
    });
  });

  it("datasources.json's entries type the new side: an entry dropped narrows the field", () => {
    const { dir, local } = schemaFolder({ card: THEMED }, [{ ...THEMES, entries: [THEMES.entries[0]!] }]);
    expect(judgeFieldChanges(dir, local, space({ card: THEMED }, [THEMES])).breaking).toEqual([
      {
        block: "card",
        subject: "field card.theme",
        reason: 'retyped optional "dark" | "light" | "" → optional "dark" | "": some values may not fit',
      },
    ]);
  });

  it("the space's entries type the old side: an entry added widens the field, which is not breaking", () => {
    const { dir, local } = schemaFolder({ card: THEMED }, [{ ...THEMES, entries: [...THEMES.entries, { name: "Sepia", value: "sepia" }] }]);
    expect(judgeFieldChanges(dir, local, space({ card: THEMED }, [THEMES])).breaking).toEqual([]);
  });

  it("without datasources.json both sides have the space's datasources, which the push leaves alone", () => {
    const { dir, local } = schemaFolder({ card: THEMED });
    expect(local.datasources).toBeUndefined();
    expect(judgeFieldChanges(dir, local, space({ card: THEMED }, [THEMES])).breaking).toEqual([]);
  });

  it("a component the generator cannot type is listed as untyped, its fields left to the raw rule", () => {
    const odd: Fields = { title: { type: "text" }, widget: { type: "no-such-type" } };
    const { dir, local } = schemaFolder({ card: CARD, odd });
    const judged = judgeFieldChanges(dir, local, space({ card: CARD, odd: { ...odd, title: { type: "number" } } }));
    expect(judged).toEqual({ breaking: [], untyped: new Set(["odd"]) });
  });
});
