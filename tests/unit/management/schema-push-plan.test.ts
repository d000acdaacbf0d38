import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Component, ComponentFolder, Preset } from "@storyblok/management-api-client";
import { BadInput, readSchemaDocuments, readRawSchema } from "storyblok-typed-codegen";
import type { RawObject } from "../../../tools/schema-push/comparable";
import { componentBody } from "../../../tools/schema-push/component-body";
import { planSchemaPush } from "../../../tools/schema-push/plan-schema";
import { isEmptyPlan } from "../../../tools/schema-push/plan-model";
import { readLocalSchema } from "../../../tools/schema-push/read-local-schema";
import { renderPlan } from "../../../tools/schema-push/render-plan";
import type { LocalSchema, SpaceSchema } from "../../../tools/schema-push/schema-model";
import { REPO } from "../../support/repo-root";

/**
 * The plan of `schema push` over real schemas: this repository's and the
 * real-world ones in the fixtures, against a space that holds the same model
 * the way a space gives it back (its own ids and group uuids, timestamps,
 * field ids, defaults filled in, keys in another order), and against edits
 * of it. The emulator tests (schema-push.test.ts) apply plans for real.
 */

const SCHEMAS = [
  "schema",
  "tests/fixtures/schemas/quirks-folder",
  ...["fran-moreno-alcala", "hedvig-market-web", "storyblok-nuxt-ultimate-tutorial"].map(
    (name) => `tests/fixtures/schemas/${name}.components.json`,
  ),
];

/** A single file or a folder, as readLocalSchema reads a folder. */
function local(path: string): LocalSchema {
  if (path.endsWith(".json")) {
    const raw = readRawSchema(readSchemaDocuments(join(REPO, path)), () => {});
    return {
      components: raw.components,
      groups: raw.groups.map((g) => ({ uuid: g.uuid, name: g.name!, ...(g.parentUuid ? { parentUuid: g.parentUuid } : {}) })),
    };
  }
  return readLocalSchema(join(REPO, path));
}

/** Every key order reversed: the space owes us no order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversed(inner)]),
  );
}

/** The space a push of `schema` would leave: what a Management API answers, with its own ids and uuids. */
function spaceHolding(schema: LocalSchema): SpaceSchema {
  let nextId = 9000;
  const uuids = new Map(schema.groups.map((group, index) => [group.uuid, `space-uuid-${index}`]));
  const groups: ComponentFolder[] = schema.groups.map((group) => ({
    id: nextId++,
    name: group.name,
    uuid: uuids.get(group.uuid)!,
    parent_id: null,
    parent_uuid: group.parentUuid ? uuids.get(group.parentUuid)! : null,
  }));
  const presets: Preset[] = [];
  const components = schema.components.map((raw) => {
    const id = nextId++;
    const fields = Object.fromEntries(
      Object.entries((raw.schema ?? {}) as Record<string, RawObject>).map(([key, field], index) => {
        const whitelist = field.component_group_whitelist as string[] | undefined;
        return [
          key,
          { ...field, id: `field-${index}`, ...(whitelist ? { component_group_whitelist: whitelist.map((uuid) => uuids.get(uuid)) } : {}) },
        ];
      }),
    );
    const ownPresets = ((raw.all_presets ?? []) as RawObject[]).map(
      (preset) => ({ ...preset, id: nextId++, component_id: id, space_id: 1, created_at: "x", updated_at: "y" }) as unknown as Preset,
    );
    presets.push(...ownPresets);
    const defaultPreset = ((raw.all_presets ?? []) as RawObject[]).findIndex((preset) => preset.id === raw.preset_id);
    const component = {
      description: null,
      preview_tmpl: null,
      metadata: {},
      internal_tag_ids: [],
      ...raw,
      id,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-02T00:00:00.000Z",
      real_name: raw.display_name ?? raw.name,
      schema: fields,
      component_group_uuid: raw.component_group_uuid ? uuids.get(raw.component_group_uuid as string) : null,
      all_presets: ownPresets,
      preset_id: defaultPreset === -1 ? null : ownPresets[defaultPreset]!.id,
    };
    return reversed(component) as Component;
  });
  const datasources = (schema.datasources ?? []).map((datasource) => ({
    datasource: { id: nextId++, name: datasource.name, slug: datasource.slug, dimensions: [] },
    entries: datasource.entries.map((entry) => ({ id: nextId++, ...entry, dimension_value: null })),
  }));
  // The space holds the languages schema/ lists (none when it has no languages.json).
  const languages = schema.languages ?? { defaultName: "Default", languages: [] };
  return { components, groups, presets, datasources, languages: structuredClone(languages) };
}

const EMPTY: SpaceSchema = {
  components: [],
  groups: [],
  presets: [],
  datasources: [],
  languages: { defaultName: "Default", languages: [] },
};

function clone<T>(value: T): T {
  return structuredClone(value);
}

function componentNamed(schema: LocalSchema, name: string): RawObject & { schema: Record<string, RawObject> } {
  return schema.components.find((component) => component.name === name) as RawObject & { schema: Record<string, RawObject> };
}

describe.each(SCHEMAS)("%s", (path) => {
  const schema = local(path);

  it("against an empty space: every group, component (field by field), preset and datasource added, nothing breaking", () => {
    const plan = planSchemaPush(schema, EMPTY);
    expect(plan.groups.map((step) => [step.action, step.name]).sort()).toEqual(schema.groups.map((group) => ["add", group.name]).sort());
    expect(plan.components.map((step) => step.action)).toEqual(schema.components.map(() => "add"));
    for (const step of plan.components) {
      expect(step.fields.map((field) => field.key)).toEqual(Object.keys(componentNamed(schema, step.name).schema ?? {}));
    }
    const presets = schema.components.flatMap((component) => (component.all_presets ?? []) as unknown[]);
    expect(plan.presets).toHaveLength(presets.length);
    expect(plan.datasources).toHaveLength(schema.datasources?.length ?? 0);
    expect(plan.breaking).toEqual([]);
    expect(plan.kept).toEqual([]);
  });

  it("against a space that already holds it (other ids and group uuids, defaults filled in, keys reordered): nothing to do", () => {
    const plan = planSchemaPush(schema, spaceHolding(schema));
    expect(renderPlan(plan)).toEqual(["No changes: the space already holds what schema/ holds."]);
    expect(isEmptyPlan(plan)).toBe(true);
  });
});

describe("changes, field by field", () => {
  const schema = local("schema");
  const space = spaceHolding(schema);

  it("an added field, an added component and a new description: applied without --allow-breaking", () => {
    const edited = clone(schema);
    componentNamed(edited, "project").schema.tagline = { type: "text", pos: 20 };
    componentNamed(edited, "project").schema.summary!.description = "Two sentences at most.";
    edited.components.push({
      name: "quote",
      is_nestable: true,
      is_root: false,
      component_group_uuid: edited.groups[2]!.uuid,
      schema: { text: { type: "textarea" } },
    });
    const plan = planSchemaPush(edited, space);
    expect(plan.breaking).toEqual([]);
    const lines = renderPlan(plan);
    expect(lines).toContain("  ~ project");
    expect(lines).toContain("      + field tagline (text)");
    expect(lines).toContain(
      '      ~ field summary: description "One or two sentences for cards and search results." → "Two sentences at most."',
    );
    expect(lines).toContain("  + quote");
    expect(lines).toContain('      component_group "Sections"');
    expect(lines).toContain("      + field text (textarea)");
    expect(lines.at(-1)).toBe("1 to add, 1 to change, 0 to remove.");
  });

  it("a field removed or retyped is breaking, and so named", () => {
    const edited = clone(schema);
    delete componentNamed(edited, "project").schema.client;
    componentNamed(edited, "project").schema.year!.type = "text";
    const plan = planSchemaPush(edited, space);
    expect(plan.breaking).toEqual([
      { subject: "field project.year", reason: 'retyped "number" → "text"' },
      { subject: "field project.client", reason: "removed" },
    ]);
    const lines = renderPlan(plan);
    expect(lines).toContain("      - field client (text)  [breaking]");
    expect(lines.find((line) => line.includes("field year:"))).toMatch(/type "number" → "text".*\[breaking\]$/);
  });

  it("a component schema/ no longer has stays unless pruning; pruned, it is breaking, and a look-alike is named as a likely rename", () => {
    const edited = clone(schema);
    const quote = componentNamed(edited, "single_card");
    quote.name = "featured_card";
    const kept = planSchemaPush(edited, space);
    expect(kept.breaking).toEqual([]);
    expect(kept.kept).toEqual(["component single_card"]);
    expect(kept.notes.join("\n")).toContain("component featured_card has the fields of single_card");
    expect(kept.components.filter((step) => step.action === "remove")).toEqual([]);

    const pruned = planSchemaPush(edited, space, { prune: true });
    expect(pruned.breaking).toEqual([
      {
        subject: "component single_card",
        reason: expect.stringMatching(/^removed \(featured_card, added, has the same fields: a rename is a removal plus an addition/),
      },
    ]);
    expect(renderPlan(pruned)).toContain("  - single_card  [breaking]");
  });

  it("datasource entries are matched by value: a new label is a change, a removed entry is breaking (with --prune)", () => {
    const withThemes = local("tests/fixtures/schemas/quirks-folder");
    const themesSpace = spaceHolding(withThemes);
    const edited = clone(withThemes);
    edited.datasources![0]!.entries = [
      { name: "Bright", value: "light" },
      { name: "Sepia", value: "sepia" },
    ];
    const kept = planSchemaPush(edited, themesSpace);
    expect(kept.breaking).toEqual([]);
    expect(kept.kept).toEqual(['datasource themes entry "dark"']);
    const pruned = planSchemaPush(edited, themesSpace, { prune: true });
    expect(pruned.breaking).toEqual([{ subject: 'datasource themes entry "dark"', reason: "removed" }]);
    expect(renderPlan(pruned)).toEqual(
      expect.arrayContaining([
        '      ~ entry "light": name "Light" → "Bright"',
        '      + entry "sepia" (Sepia)',
        '      - entry "dark" (Dark)  [breaking]',
      ]),
    );
  });

  it("the space's migration journal (the portfolio-migrations datasource) is never planned away, even pruning", () => {
    const withJournal = clone(space);
    withJournal.datasources.push({
      datasource: { id: 9_000_001, name: "Portfolio migrations", slug: "portfolio-migrations", dimensions: [] },
      entries: [{ id: 9_000_002, name: "20260101000000-rename", value: "2026-01-01T00:00:00.000Z", dimension_value: null }],
    } as never);
    for (const prune of [false, true]) {
      const plan = planSchemaPush(schema, withJournal, { prune });
      expect(plan.datasources.filter((step) => step.slug === "portfolio-migrations")).toEqual([]);
      expect(plan.breaking).toEqual([]);
      expect(plan.kept.filter((kept) => kept.includes("portfolio-migrations"))).toEqual([]);
    }
  });

  it("a setting the space has and schema/ does not is a change, sent empty", () => {
    const changed = clone(space);
    const page = changed.components.find((component) => component.name === "page")!;
    Object.assign(page, { color: "#ff0000", preview_field: "seo_title" });
    const plan = planSchemaPush(schema, changed);
    const step = plan.components.find((candidate) => candidate.name === "page")!;
    expect(step.settings).toEqual([
      { key: "preview_field", from: "seo_title", to: null },
      { key: "color", from: "#ff0000", to: null },
    ]);
    const body = componentBody(step, { groupUuid: (name) => `uuid of ${name}`, presetId: () => undefined }).body;
    expect(body).toMatchObject({ color: null, preview_field: null });
  });
});

describe("group uuids", () => {
  it("are sent as the target space's: the component's group and every group whitelist", () => {
    const schema = local("schema");
    const plan = planSchemaPush(schema, EMPTY);
    const page = plan.components.find((step) => step.name === "page")!;
    const { body } = componentBody(page, { groupUuid: (name) => `space uuid of ${name}`, presetId: () => undefined });
    expect(body.component_group_uuid).toBe("space uuid of Content types");
    expect((body.schema as Record<string, RawObject>).body!.component_group_whitelist).toEqual(["space uuid of Sections"]);
    // Ids are the target space's or none: page has no default preset.
    expect(body.preset_id).toBeNull();
    for (const key of ["id", "created_at", "updated_at", "real_name", "all_presets", "internal_tag_ids", "internal_tags_list"])
      expect(body).not.toHaveProperty(key);
  });

  it("a whitelist naming a group schema/ does not define is bad input, before anything is sent", () => {
    const schema = local("schema");
    componentNamed(schema, "page").schema.body!.component_group_whitelist = ["no-such-group"];
    expect(() => planSchemaPush(schema, EMPTY)).toThrow(
      new BadInput("field page.body refers to component group no-such-group, which is not a group in schema/"),
    );
  });
});

describe("presets", () => {
  it("are added with their component, and the default preset is named by name", () => {
    const schema = local("tests/fixtures/schemas/fran-moreno-alcala.components.json");
    const plan = planSchemaPush(schema, EMPTY);
    expect(plan.presets.map((step) => `${step.component}: ${step.name}`).sort()).toEqual([
      "CardsV1-Card: Ring",
      "FeaturesV1: Ring",
      "GlobalConfig: Ring",
      "HeroV1: Ring",
    ]);
    const withDefault = plan.components.find((step) => step.localShape!.defaultPreset !== null);
    expect(withDefault?.settings).toContainEqual({ key: "default_preset", from: undefined, to: "Ring" });
  });
});

it("the real schema file reads as the CLI reads it", () => {
  const schema = readLocalSchema(join(REPO, "schema"));
  expect(schema.components).toHaveLength(
    (JSON.parse(readFileSync(join(REPO, "schema/components.json"), "utf8")) as { components: unknown[] }).components.length,
  );
  expect(schema.datasources).toBeUndefined();
});

describe("languages (schema/languages.json)", () => {
  const schema = local("schema");
  const space = spaceHolding(schema);

  it("an empty space gets schema/'s languages and default language name, in one step", () => {
    const plan = planSchemaPush(schema, EMPTY);
    expect(plan.languages).toEqual({
      from: { defaultName: "Default", languages: [] },
      to: { defaultName: "English", languages: [{ code: "nl", name: "Nederlands" }] },
      changes: ["+ nl (Nederlands)", `~ default language's name: "Default" → "English"`],
    });
    expect(renderPlan(plan)).toEqual(
      expect.arrayContaining([
        "Languages (the default language, English, and nl (Nederlands); the space has none):",
        "  + nl (Nederlands)",
        `  ~ default language's name: "Default" → "English"`,
      ]),
    );
  });

  it("a language renamed, added or moved is a change; one removed is breaking, naming what it costs", () => {
    const edited = clone(schema);
    edited.languages = {
      defaultName: "English",
      languages: [
        { code: "de", name: "Deutsch" },
        { code: "nl", name: "Vlaams" },
      ],
    };
    const plan = planSchemaPush(edited, space);
    expect(plan.languages?.changes).toEqual(["+ de (Deutsch)", '~ nl: name "Nederlands" → "Vlaams"']);
    expect(plan.breaking).toEqual([]);
    expect(renderPlan(plan).at(-1)).toBe("0 to add, 1 to change, 0 to remove.");

    const withGerman = clone(space);
    withGerman.languages.languages.unshift({ code: "de", name: "Deutsch" });
    const dropped = planSchemaPush(schema, withGerman);
    expect(dropped.languages?.changes).toEqual(["- de (Deutsch)"]);
    expect(dropped.breaking).toEqual([
      { subject: "language de", reason: "removed: the stories' translations into it are no longer served" },
    ]);
    expect(renderPlan(dropped)).toContain("  - de (Deutsch)  [breaking]");

    const reordered = clone(schema);
    reordered.languages!.languages = [{ code: "fr", name: "Français" }, ...reordered.languages!.languages];
    const spaceReversed = clone(space);
    spaceReversed.languages.languages.push({ code: "fr", name: "Français" });
    expect(planSchemaPush(reordered, spaceReversed).languages?.changes).toEqual(["~ order: fr, nl"]);
  });

  it("without languages.json the space's languages are left as they are, and the plan says so", () => {
    const { languages: _, ...withoutLanguages } = clone(schema);
    const plan = planSchemaPush(withoutLanguages, space);
    expect(plan.languages).toBeUndefined();
    expect(isEmptyPlan(plan)).toBe(true);
    expect(plan.notes).toContain("schema/ has no languages.json, so the space's 1 language(s) are left as they are.");
  });

  it("a field's translatable flag is pushed with the field", () => {
    const edited = clone(schema);
    delete componentNamed(edited, "link").schema.label!.translatable;
    componentNamed(edited, "project").schema.year!.translatable = true;
    const lines = renderPlan(planSchemaPush(edited, space));
    expect(lines).toContain("      ~ field label: translatable true → (unset)");
    expect(lines).toContain("      ~ field year: translatable (unset) → true");
  });
});
