/**
 * A component and a preset reduced to what `schema push` compares: the one
 * default Storyblok fills in (`is_nestable`), an empty group or default
 * preset read as none, the default preset found by its id, and what names
 * nothing handed to the side's own rule (schema/ throws, the space shows a
 * token), with where it was found.
 */
import { describe, expect, it } from "vitest";
import type { RawObject } from "../../../tools/schema-push/comparable";
import { componentShape, presetShape, type Dangling } from "../../../tools/schema-push/component-shape";

const GROUPS = new Map([["uuid-sections", "Sections"]]);
const groupName = (uuid: string) => GROUPS.get(uuid);

/** Names what dangles, and where, so a test sees both. */
const NAMED: Dangling = {
  group: (uuid, where) => `(group ${uuid} in ${where})`,
  preset: (id, component) => `(preset ${JSON.stringify(id)} of ${component})`,
};

/** For components that dangle nowhere. */
const NEVER: Dangling = {
  group: (uuid) => {
    throw new Error(`group ${uuid} asked for`);
  },
  preset: (id) => {
    throw new Error(`preset ${String(id)} asked for`);
  },
};

const PRESETS: RawObject[] = [
  { id: 3, name: "Wide", component_id: 9 },
  { id: 5, name: "Compact", component_id: 9 },
];

describe("componentShape", () => {
  it.each<[string, RawObject, boolean]>([
    ["neither root nor nestable said: nestable", {}, true],
    ["a root that does not say: not nestable", { is_root: true }, false],
    ["not a root, said so: nestable", { is_root: false }, true],
    ["nestable said: kept", { is_root: true, is_nestable: true }, true],
    ["not nestable said: kept", { is_nestable: false }, false],
  ])("%s", (_, settings, nestable) => {
    expect(componentShape({ name: "teaser", ...settings }, [], groupName, NEVER).settings.is_nestable).toBe(nestable);
  });

  it("keeps its own settings and leaves out ids, bookkeeping and what is compared apart", () => {
    const shape = componentShape(
      {
        id: 1,
        name: "teaser",
        display_name: "Teaser",
        real_name: "Teaser",
        created_at: "x",
        updated_at: "y",
        component_group_uuid: "uuid-sections",
        component_group_name: "Sections",
        internal_tag_ids: ["4"],
        internal_tags_list: [{ id: 4, name: "t" }],
        all_presets: [],
        preset_id: null,
        schema: { title: { id: "f1", type: "text", pos: 0 } },
      },
      [],
      groupName,
      NEVER,
    );
    expect(shape).toEqual({
      name: "teaser",
      settings: { display_name: "Teaser", is_nestable: true },
      group: "Sections",
      fields: new Map([["title", { type: "text", pos: 0 }]]),
      presets: [],
      defaultPreset: null,
    });
  });

  it('reads an empty group uuid ("") as no group, not as a group that is missing', () => {
    expect(componentShape({ name: "teaser", component_group_uuid: "" }, [], groupName, NEVER).group).toBeNull();
  });

  it("hands a group uuid that names nothing to the side's rule, saying which component or field holds it", () => {
    const shape = componentShape(
      {
        name: "teaser",
        component_group_uuid: "uuid-gone",
        schema: { body: { type: "bloks", component_group_whitelist: ["uuid-sections", "uuid-lost"] } },
      },
      [],
      groupName,
      NAMED,
    );
    expect(shape.group).toBe("(group uuid-gone in component teaser)");
    expect(shape.fields.get("body")).toEqual({
      type: "bloks",
      component_group_whitelist: ["Sections", "(group uuid-lost in field teaser.body)"],
    });
  });

  it.each<[string, unknown, string | null]>([
    ["no default preset (null)", null, null],
    ["no default preset (absent)", undefined, null],
    ['no default preset ("")', "", null],
    ["the preset whose id it is, not the first", 5, "Compact"],
    ["the preset whose id it is, written as a string", "5", "Compact"],
    ["an id no preset has: dangling", 7, "(preset 7 of teaser)"],
    ["an array that prints as an id is no id: dangling", [5], "(preset [5] of teaser)"],
  ])("preset_id: %s", (_, presetId, expected) => {
    const raw: RawObject = { name: "teaser", ...(presetId !== undefined && { preset_id: presetId }) };
    expect(componentShape(raw, PRESETS, groupName, NAMED).defaultPreset).toBe(expected);
  });
});

describe("presetShape", () => {
  it("is the preset's name and its settings, without its name, ids and bookkeeping", () => {
    expect(
      presetShape({
        id: 5,
        name: "Compact",
        component_id: 9,
        space_id: 1,
        created_at: "x",
        updated_at: "y",
        image: "//a.png",
        preset: { title: "Hi" },
      }),
    ).toEqual({ name: "Compact", settings: { image: "//a.png", preset: { title: "Hi" } } });
  });
});
