/**
 * Components in the plan: added with the settings they set, changed when a
 * field or a setting differs, in name order; the space's others kept or,
 * with prune, removed as breaking. A component added with exactly the
 * fields of one that goes (or stays) is named as a likely rename, and only
 * then.
 */
import { describe, expect, it } from "vitest";
import type { RawObject } from "../../../tools/schema-push/comparable";
import type { ComponentShape } from "../../../tools/schema-push/component-shape";
import { planComponents, type ShapedComponent } from "../../../tools/schema-push/plan-components";

let ids = 500;
function component(name: string, fields: string[], settings: RawObject = {}, spaceId?: number): ShapedComponent {
  const shape: ComponentShape = {
    name,
    settings: { is_nestable: true, ...settings },
    group: null,
    fields: new Map(fields.map((key) => [key, { type: "text" }])),
    presets: [],
    defaultPreset: null,
  };
  return spaceId === undefined ? { shape } : { shape, spaceId };
}
const inSpace = (name: string, fields: string[], settings: RawObject = {}) => component(name, fields, settings, ids++);

const RENAME = "removed (new_card, added, has the same fields: a rename is a removal plus an addition, and stories of card are not moved)";
const RENAME_NOTE =
  "component new_card has the fields of card, which stays in the space: if it is a rename, stories of card still use card; move them with a content migration (see `portfolio migrate new`).";

describe("planComponents", () => {
  it("adds schema/'s new components in name order, with only the settings they set", () => {
    const plan = planComponents(
      [component("zeta", ["a"]), component("alpha", [], { description: null, display_name: "Alpha" })],
      [],
      false,
    );
    expect(plan.steps.map((step) => step.name)).toEqual(["alpha", "zeta"]);
    expect(plan.steps[0]!.settings).toEqual([
      { key: "is_nestable", from: undefined, to: true },
      { key: "display_name", from: undefined, to: "Alpha" },
    ]);
    expect(plan.steps[1]!.fields).toEqual([{ key: "a", action: "add", type: "text", settings: [] }]);
  });

  it("changes a component with one field added and one setting changed", () => {
    const plan = planComponents(
      [component("card", ["a", "b"], { description: "new" })],
      [inSpace("card", ["a"], { description: "old" })],
      false,
    );
    expect(plan.steps.map((step) => [step.action, step.fields.length, step.settings.length])).toEqual([["change", 1, 1]]);
  });

  it("removes with prune, as breaking, a component without a look-alike: not a rename, even of a changed component with its fields", () => {
    const plan = planComponents(
      [component("card", ["a"], { description: "new" })],
      [inSpace("card", ["a"]), inSpace("old_card", ["a"])],
      true,
    );
    expect(plan.steps.map((step) => `${step.action} ${step.name}`)).toEqual(["change card", "remove old_card"]);
    expect(plan.breaking).toEqual([{ subject: "component old_card", reason: "removed" }]);
    expect(plan.notes).toEqual([]);
  });

  it("keeps without prune a component without a look-alike, with no note", () => {
    const plan = planComponents([component("fresh", ["x"])], [inSpace("old_card", ["a"])], false);
    expect(plan.kept).toEqual(["component old_card"]);
    expect(plan.notes).toEqual([]);
    expect(plan.breaking).toEqual([]);
  });

  it("names an added component with the same field keys (in any order) as a likely rename, pruned or kept", () => {
    const local = [component("new_card", ["title", "image"])];
    const space = [inSpace("card", ["image", "title"])];
    expect(planComponents(local, space, true).breaking).toEqual([{ subject: "component card", reason: RENAME }]);
    const kept = planComponents(local, space, false);
    expect(kept.kept).toEqual(["component card"]);
    expect(kept.notes).toEqual([RENAME_NOTE]);
  });

  it.each<[string, string[], string[]]>([
    ["no fields on either side", [], []],
    ["the added one's fields and one more", ["a"], ["a", "b"]],
    ["as many fields, one other", ["a", "b"], ["a", "c"]],
    ["one field each, not the same", ["a"], ["b"]],
  ])("names no rename for %s", (_, added, removed) => {
    const plan = planComponents([component("new_card", added)], [inSpace("card", removed)], true);
    expect(plan.breaking).toEqual([{ subject: "component card", reason: "removed" }]);
    expect(planComponents([component("new_card", added)], [inSpace("card", removed)], false).notes).toEqual([]);
  });
});
