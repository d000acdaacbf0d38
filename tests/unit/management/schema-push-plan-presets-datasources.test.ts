/**
 * Presets and datasources in the plan, and when a plan is empty. A preset
 * saved without its content leaves the space's content alone; one saved
 * with it is compared by it. The space's other presets and datasources are
 * kept (listed) or, with prune, removed; the migration journal's datasource
 * is the space's own and never either. A datasource's new name is a change.
 */
import { describe, expect, it } from "vitest";
import { JOURNAL_DATASOURCE } from "../../../tools/migrations/space/space-journal";
import { planDatasources } from "../../../tools/schema-push/plan-datasources";
import { isEmptyPlan, type SchemaPlan } from "../../../tools/schema-push/plan-model";
import { planPresets } from "../../../tools/schema-push/plan-presets";
import type { SpaceDatasource } from "../../../tools/schema-push/schema-model";

describe("planPresets", () => {
  const spaceCompact = { id: 7, shape: { name: "Compact", settings: { image: "//a.png", preset: { title: "Old" } } } };

  it("leaves the space's content alone when schema/'s preset has none", () => {
    const local = [{ name: "Compact", settings: { image: "//a.png" } }];
    expect(planPresets([{ component: "card", local, space: [spaceCompact] }], false)).toEqual({ steps: [], kept: [] });
  });

  it("changes the content when schema/'s preset has other content", () => {
    const local = [{ name: "Compact", settings: { image: "//a.png", preset: { title: "New" } } }];
    const { steps } = planPresets([{ component: "card", local, space: [spaceCompact] }], false);
    expect(steps).toEqual([
      {
        action: "change",
        component: "card",
        name: "Compact",
        local: local[0],
        spaceId: 7,
        settings: [{ key: "preset", from: { title: "Old" }, to: { title: "New" } }],
      },
    ]);
  });

  it("keeps the space's other presets without prune and removes them with it", () => {
    const local = [{ name: "Compact", settings: { image: "//a.png" } }];
    const space = [spaceCompact, { id: 8, shape: { name: "Wide", settings: {} } }];
    expect(planPresets([{ component: "card", local, space }], false)).toEqual({ steps: [], kept: ['preset "Wide" of component card'] });
    expect(planPresets([{ component: "card", local, space }], true)).toEqual({
      steps: [{ action: "remove", component: "card", name: "Wide", spaceId: 8, settings: [] }],
      kept: [],
    });
  });
});

describe("planDatasources", () => {
  const themes: SpaceDatasource = {
    datasource: { id: 3, name: "Colours", slug: "themes", dimensions: [] },
    entries: [{ id: 31, name: "Light", value: "light", dimension_value: null }],
  };
  const sizes: SpaceDatasource = { datasource: { id: 4, name: "Sizes", slug: "sizes", dimensions: [] }, entries: [] };
  const journal: SpaceDatasource = { datasource: { id: 5, ...JOURNAL_DATASOURCE, dimensions: [] }, entries: [] };
  const local = [{ slug: "themes", name: "Themes", entries: [{ name: "Light", value: "light" }] }];

  it("changes a datasource's name", () => {
    expect(planDatasources(local, [themes], false).steps).toEqual([
      {
        action: "change",
        slug: "themes",
        name: "Themes",
        local: local[0],
        spaceId: 3,
        settings: [{ key: "name", from: "Colours", to: "Themes" }],
        entries: [],
      },
    ]);
  });

  it("keeps the space's other datasources without prune and removes them with it, never the migration journal", () => {
    const kept = planDatasources(local, [themes, sizes, journal], false);
    expect(kept.kept).toEqual(["datasource sizes"]);
    expect(kept.breaking).toEqual([]);
    const pruned = planDatasources(local, [themes, sizes, journal], true);
    expect(pruned.steps.filter((step) => step.action === "remove").map((step) => step.slug)).toEqual(["sizes"]);
    expect(pruned.breaking).toEqual([{ subject: "datasource sizes", reason: "removed, with its entries" }]);
    expect(pruned.kept).toEqual([]);
  });
});

describe("isEmptyPlan", () => {
  const empty: SchemaPlan = {
    groups: [],
    components: [],
    presets: [],
    datasources: [],
    breaking: [],
    kept: ["component old"],
    notes: ["a note"],
  };
  const preset = { action: "add" as const, component: "card", name: "Compact", settings: [] };
  const component = { action: "add" as const, name: "card", settings: [], fields: [] };
  const datasource = { action: "add" as const, slug: "themes", name: "Themes", settings: [], entries: [] };

  it("is empty with nothing to write, whatever it keeps or notes", () => expect(isEmptyPlan(empty)).toBe(true));

  it.each<[string, Partial<SchemaPlan>]>([
    ["a preset and a datasource", { presets: [preset], datasources: [datasource] }],
    ["a component and a preset", { components: [component], presets: [preset] }],
    ["languages", { languages: { from: { defaultName: "", languages: [] }, to: { defaultName: "English", languages: [] }, changes: [] } }],
  ])("is not empty with %s to write", (_, steps) => expect(isEmptyPlan({ ...empty, ...steps })).toBe(false));
});
