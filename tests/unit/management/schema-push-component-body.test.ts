import { describe, expect, it } from "vitest";
import type { Component } from "@storyblok/management-api-client";
import { componentBody, type SpaceTerms } from "../../../tools/schema-push/component-body";
import { planSchemaPush } from "../../../tools/schema-push/plan-schema";
import type { ComponentStep } from "../../../tools/schema-push/plan-model";
import type { RawObject } from "../../../tools/schema-push/comparable";
import type { SpaceSchema } from "../../../tools/schema-push/schema-model";

/**
 * The component body `schema push` sends, for steps planned from small
 * hand-made sides: every key of it, since an update keeps whatever the body
 * leaves out.
 */

const TERMS: SpaceTerms = {
  groupUuid: (name) => `space uuid of ${name}`,
  presetId: (component, preset) => (component === "quote" && preset === "Short" ? 501 : undefined),
};

function spaceWith(components: RawObject[]): SpaceSchema {
  return {
    components: components as unknown as Component[],
    groups: [{ id: 1, name: "Sections", uuid: "space-sections", parent_id: null, parent_uuid: null }] as SpaceSchema["groups"],
    presets: [],
    datasources: [],
    languages: { defaultName: "Default", languages: [] },
  };
}

function stepOf(local: RawObject, space: RawObject[]): ComponentStep {
  const plan = planSchemaPush({ components: [local], groups: [] }, spaceWith(space));
  expect(plan.components).toHaveLength(1);
  return plan.components[0]!;
}

describe("componentBody", () => {
  it("a setting the space has and schema/ does not name at all is sent as its kind's empty value", () => {
    const step = stepOf({ name: "quote", is_nestable: true, schema: { text: { type: "textarea" } } }, [
      {
        id: 9,
        name: "quote",
        is_nestable: true,
        schema: { text: { type: "textarea", id: "f-1" } },
        color: "#ff0000",
        is_featured: true,
        image_fields: ["text"],
        component_group_uuid: "space-sections",
      },
    ]);
    expect(step.settings).toEqual([
      { key: "component_group", from: "Sections", to: null },
      { key: "color", from: "#ff0000", to: undefined },
      { key: "is_featured", from: true, to: undefined },
      { key: "image_fields", from: ["text"], to: undefined },
    ]);
    expect(componentBody(step, TERMS)).toStrictEqual({
      body: {
        name: "quote",
        is_nestable: true,
        color: null,
        is_featured: false,
        image_fields: [],
        schema: { text: { type: "textarea" } },
        component_group_uuid: null,
        // No default preset: the space's is cleared.
        preset_id: null,
      },
      presetSettled: true,
    });
  });

  it("a default preset the space does not have yet is left out of the body, to be set once it exists", () => {
    const presets = [{ id: 1, name: "Long", preset: {} }];
    const step = stepOf({ name: "quote", schema: {}, all_presets: presets, preset_id: 1 }, []);
    expect(componentBody(step, TERMS)).toStrictEqual({
      body: { name: "quote", is_nestable: true, schema: {}, component_group_uuid: null },
      presetSettled: false,
    });
  });

  it("a default preset the space has is sent as the space's id", () => {
    const presets = [{ id: 1, name: "Short", preset: {} }];
    const step = stepOf({ name: "quote", schema: {}, all_presets: presets, preset_id: 1 }, []);
    expect(componentBody(step, TERMS)).toStrictEqual({
      body: { name: "quote", is_nestable: true, schema: {}, component_group_uuid: null, preset_id: 501 },
      presetSettled: true,
    });
  });
});
