import { describe, expect, it } from "vitest";
import type { Component, Preset } from "@storyblok/management-api-client";
import { BadInput } from "storyblok-typed-codegen";
import type { RawObject } from "../../../tools/schema-push/comparable";
import { planSchemaPush } from "../../../tools/schema-push/plan-schema";
import type { LocalSchema, SpaceSchema } from "../../../tools/schema-push/schema-model";

/**
 * planSchemaPush over small hand-made sides: what it refuses in schema/, how
 * it shows what the space holds broken, the notes it adds, and how it merges
 * the generator's judgement of field changes with the raw rule's
 * (schema-push-plan.test.ts plans real schemas).
 */

const EMPTY_SPACE: SpaceSchema = {
  components: [],
  groups: [],
  presets: [],
  datasources: [],
  languages: { defaultName: "Default", languages: [] },
};

function localOf(components: RawObject[], more: Partial<LocalSchema> = {}): LocalSchema {
  return { components, groups: [], ...more };
}

function spaceOf(more: Partial<SpaceSchema>): SpaceSchema {
  return { ...EMPTY_SPACE, ...more };
}

const text = { type: "text" };

describe("schema/ referring to nothing is bad input", () => {
  it("a default preset that is not one of the component's presets", () => {
    const quote = { name: "quote", schema: {}, all_presets: [{ id: 1, name: "Ring", preset: {} }], preset_id: 2 };
    expect(() => planSchemaPush(localOf([quote]), EMPTY_SPACE)).toThrow(
      new BadInput("component quote: preset_id 2 is not one of its all_presets"),
    );
  });
});

describe("what the space holds broken is shown as it is, so that pushing replaces it", () => {
  it("a group or default preset that is not there", () => {
    const space = spaceOf({
      components: [{ id: 7, name: "quote", schema: {}, component_group_uuid: "gone-uuid", preset_id: 77 } as unknown as Component],
    });
    const plan = planSchemaPush(localOf([{ name: "quote", schema: {} }]), space);
    expect(plan.components.map(({ action, name, settings }) => ({ action, name, settings }))).toEqual([
      {
        action: "change",
        name: "quote",
        settings: [
          { key: "component_group", from: "(missing group gone-uuid)", to: null },
          { key: "default_preset", from: "(missing preset 77)", to: null },
        ],
      },
    ]);
  });
});

describe("presets", () => {
  it("only the objects in all_presets are presets", () => {
    const quote = { name: "quote", schema: {}, all_presets: [null, "Ring", { id: 1, name: "Short", preset: { text: "Hi" } }] };
    expect(planSchemaPush(localOf([quote]), EMPTY_SPACE).presets.map(({ action, component, name }) => [action, component, name])).toEqual([
      ["add", "quote", "Short"],
    ]);
  });

  it("the space's presets are matched to its component by id: another component's preset is not this one's to prune", () => {
    const quote = { name: "quote", schema: {}, all_presets: [{ id: 1, name: "Short", preset: { text: "Hi" } }] };
    const space = spaceOf({
      components: [{ id: 7, name: "quote", schema: {} } as unknown as Component],
      presets: [
        { id: 70, name: "Short", component_id: 7, preset: { text: "Hi" } },
        { id: 80, name: "Other's", component_id: 8, preset: {} },
      ] as unknown as Preset[],
    });
    expect(planSchemaPush(localOf([quote]), space, { prune: true }).presets).toEqual([]);
  });
});

describe("notes", () => {
  it("without datasources.json or languages.json the space's are left as they are; internal tags are never pushed", () => {
    const space = spaceOf({
      datasources: [
        { datasource: { id: 1, slug: "themes", name: "Themes" }, entries: [] },
        { datasource: { id: 2, slug: "sizes", name: "Sizes" }, entries: [] },
      ] as unknown as SpaceSchema["datasources"],
      languages: { defaultName: "English", languages: [{ code: "nl", name: "Nederlands" }] },
    });
    const components = [
      { name: "card", schema: {}, internal_tag_ids: ["12"] },
      { name: "plain", schema: {}, internal_tag_ids: [] },
      { name: "quote", schema: {}, internal_tag_ids: ["3", "4"] },
    ];
    expect(planSchemaPush(localOf(components), space).notes).toEqual([
      "schema/ has no datasources.json, so the space's 2 datasource(s) are left as they are.",
      "schema/ has no languages.json, so the space's 1 language(s) are left as they are.",
      "internal tags are not pushed (their ids are each space's own): card, quote keep the space's tags.",
    ]);
  });

  it("with datasources.json, or a space without datasources, nothing is left out and nothing noted", () => {
    const space = spaceOf({
      datasources: [{ datasource: { id: 1, slug: "themes", name: "Themes" }, entries: [] }] as unknown as SpaceSchema["datasources"],
    });
    expect(planSchemaPush(localOf([], { datasources: [{ slug: "themes", name: "Themes", entries: [] }] }), space).notes).toEqual([]);
    expect(planSchemaPush(localOf([]), EMPTY_SPACE).notes).toEqual([]);
  });
});

describe("breaking field changes", () => {
  // The space has three components; schema/ drops a field of each.
  const space = spaceOf({
    components: [
      { id: 1, name: "alpha", schema: { x: text, keep: text } },
      { id: 2, name: "beta", schema: { y: text, keep: text } },
      { id: 3, name: "gamma", schema: { z: text, keep: text } },
    ] as unknown as Component[],
  });
  const local = localOf([
    { name: "alpha", schema: { keep: text } },
    { name: "beta", schema: { keep: text } },
    { name: "gamma", schema: { keep: text } },
  ]);

  it("without a judgement, the raw rule: every field removed", () => {
    expect(planSchemaPush(local, space).breaking).toEqual([
      { subject: "field alpha.x", reason: "removed" },
      { subject: "field beta.y", reason: "removed" },
      { subject: "field gamma.z", reason: "removed" },
    ]);
  });

  it("with the generator's judgement: its changes, and the raw rule's for the components it could not type, sorted by subject", () => {
    const fields = {
      breaking: [{ block: "gamma", subject: "field gamma.z", reason: "removed, as judged" }],
      untyped: new Set(["alpha"]),
    };
    expect(planSchemaPush(local, space, { fields }).breaking).toEqual([
      { subject: "field alpha.x", reason: "removed" },
      { subject: "field gamma.z", reason: "removed, as judged" },
    ]);
  });
});
