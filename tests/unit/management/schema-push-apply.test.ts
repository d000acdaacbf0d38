/**
 * What applying a plan sends to a space, in-process: the exact write
 * requests, in the order references need (groups parents first, components,
 * presets, the default presets named once they exist, datasources and their
 * entries, pruning last: presets, components, groups children first,
 * datasources), the counts it keeps, and what the space holds after. Also
 * how the space is read: every list asked for with `page` and `per_page`.
 * Against the local Management API over HTTP, a new space per test, no limit.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyPlan, writeTotal, type WriteCounts } from "../../../tools/schema-push/apply-plan";
import type { SchemaPlan } from "../../../tools/schema-push/plan-model";
import { planSchemaPush } from "../../../tools/schema-push/plan-schema";
import { readSpaceSchema } from "../../../tools/schema-push/read-space-schema";
import type { LocalSchema, SpaceSchema } from "../../../tools/schema-push/schema-model";
import { THEMES } from "./schema-push-helpers";
import { removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "./space-harness";

const API = `/v1/spaces/${SPACE_ID}`;
const dirs: string[] = [];
let space: LocalSpace;

beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), "schema-push-apply-"));
  dirs.push(dir);
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
});
afterEach(() => space.close());
afterAll(() => removeDirs(dirs));

/** Three nested groups (listed children first), a component in the deepest with a default preset, a root, a datasource. */
function schema(): LocalSchema {
  return {
    groups: [
      { uuid: "local-atoms", name: "Atoms", parentUuid: "local-blocks" },
      { uuid: "local-blocks", name: "Blocks", parentUuid: "local-zones" },
      { uuid: "local-zones", name: "Zones" },
    ],
    components: [
      {
        name: "teaser",
        display_name: "Teaser",
        is_root: false,
        is_nestable: true,
        component_group_uuid: "local-atoms",
        schema: {
          title: { type: "text", pos: 0 },
          body: { type: "bloks", pos: 1, component_group_whitelist: ["local-blocks"] },
        },
        all_presets: [{ id: 11, name: "Compact", description: "Small", preset: { component: "teaser", title: "Short" } }],
        preset_id: 11,
      },
      { name: "page", is_root: true, is_nestable: false, schema: { body: { type: "bloks", pos: 0 } } },
    ],
    // A copy: cases change the schema they are given.
    datasources: structuredClone(THEMES.datasources),
  };
}

interface Pushed {
  plan: SchemaPlan;
  writes: WriteCounts;
  /** `METHOD path` of each write, ids as ID. */
  requests: string[];
}

/** Plans `local` against the space as it is and applies the plan. */
async function push(local: LocalSchema, prune = false): Promise<Pushed> {
  const client = space.client();
  const before = await readSpaceSchema(client);
  const plan = planSchemaPush(local, before, { prune });
  const writes = { created: 0, updated: 0, deleted: 0 };
  const from = space.mapi.requests.length;
  await applyPlan(client, plan, before, writes);
  const requests = space.mapi.requests
    .slice(from)
    .filter((request) => request.method !== "GET")
    .map((request) => `${request.method} ${request.path.replace(/\/\d+$/, "/ID")}`);
  return { plan, writes, requests };
}

async function stored() {
  const state = await space.mapi.store.read();
  const group = (name: string) => state.componentGroups.find((candidate) => candidate.name === name)!;
  const groupNamed = (uuid: unknown) => state.componentGroups.find((candidate) => candidate.uuid === uuid)?.name;
  const component = (name: string) => state.components.find((candidate) => candidate.name === name)!;
  return { state, group, groupNamed, component };
}

describe("an empty space", () => {
  it("gets groups parents first, each under its parent, then components, presets, the default preset, the datasource and its entries, counted", async () => {
    const { writes, requests } = await push(schema());
    expect(requests).toEqual([
      `POST ${API}/component_groups`,
      `POST ${API}/component_groups`,
      `POST ${API}/component_groups`,
      `POST ${API}/components`,
      `POST ${API}/components`,
      `POST ${API}/presets`,
      // The default preset, named once it exists.
      `PUT ${API}/components/ID`,
      `POST ${API}/datasources`,
      `POST ${API}/datasource_entries`,
      `POST ${API}/datasource_entries`,
    ]);
    expect(writes).toEqual({ created: 9, updated: 1, deleted: 0 });

    const { state, group, groupNamed, component } = await stored();
    expect(state.componentGroups.map((saved) => [saved.name, groupNamed(saved.parent_uuid) ?? null])).toEqual([
      ["Zones", null],
      ["Blocks", "Zones"],
      ["Atoms", "Blocks"],
    ]);
    expect(group("Atoms").parent_id).toBe(group("Blocks").id);
    const teaser = component("teaser");
    expect(groupNamed(teaser.component_group_uuid)).toBe("Atoms");
    expect((teaser.schema as Record<string, Record<string, unknown>>).body!.component_group_whitelist).toEqual([group("Blocks").uuid]);
    expect(teaser.preset_id).toBe(state.presets.find((preset) => preset.name === "Compact")!.id);
    expect(state.datasourceEntries.map((entry) => [entry.name, entry.value, entry.datasource_id])).toEqual([
      ["Light", "light", state.datasources[0]!.id],
      ["Dark", "dark", state.datasources[0]!.id],
    ]);

    const again = await push(schema());
    expect(again.requests).toEqual([]);
    expect(again.writes).toEqual({ created: 0, updated: 0, deleted: 0 });
  });
});

describe("a space holding the schema", () => {
  it("gets each change as one update in the same order, an entry added and one removed, counted", async () => {
    await push(schema());
    const edited = schema();
    edited.groups[0]!.parentUuid = "local-zones";
    edited.components[0]!.description = "A teaser, described.";
    (edited.components[0]!.all_presets as Record<string, unknown>[])[0]!.description = "Smaller";
    edited.datasources = [
      {
        slug: "themes",
        name: "Colour themes",
        entries: [
          { name: "Dim", value: "dim" },
          { name: "Night", value: "dark" },
        ],
      },
    ];
    const { writes, requests } = await push(edited, true);
    expect(requests).toEqual([
      `PUT ${API}/component_groups/ID`,
      `PUT ${API}/components/ID`,
      `PUT ${API}/presets/ID`,
      `PUT ${API}/datasources/ID`,
      `POST ${API}/datasource_entries`,
      `PUT ${API}/datasource_entries/ID`,
      `DELETE ${API}/datasource_entries/ID`,
    ]);
    expect(writes).toEqual({ created: 1, updated: 5, deleted: 1 });

    const { state, group, groupNamed, component } = await stored();
    expect(groupNamed(group("Atoms").parent_uuid)).toBe("Zones");
    expect(group("Atoms").parent_id).toBe(group("Zones").id);
    expect(component("teaser").description).toBe("A teaser, described.");
    expect(state.presets.map((preset) => [preset.name, preset.description])).toEqual([["Compact", "Smaller"]]);
    expect(state.datasources.map((datasource) => [datasource.slug, datasource.name])).toEqual([["themes", "Colour themes"]]);
    const themes = state.datasources[0]!.id;
    expect(state.datasourceEntries.map((entry) => [entry.name, entry.value, entry.datasource_id])).toEqual([
      ["Night", "dark", themes],
      ["Dim", "dim", themes],
    ]);
    expect((await push(edited, true)).requests).toEqual([]);
  });

  it("gets a datasource whose entries changed, and not its name, as entry writes alone", async () => {
    await push(schema());
    const edited = schema();
    edited.datasources![0]!.entries.push({ name: "Dim", value: "dim" });
    const { writes, requests } = await push(edited);
    expect(requests).toEqual([`POST ${API}/datasource_entries`]);
    expect(writes).toEqual({ created: 1, updated: 0, deleted: 0 });
  });

  it("with prune, deletes last what schema/ does not have: presets, components, groups children first, datasources", async () => {
    const fuller = schema();
    fuller.groups.push({ uuid: "local-older", name: "Older", parentUuid: "local-old" }, { uuid: "local-old", name: "Old" });
    fuller.components.push({ name: "old_card", component_group_uuid: "local-older", schema: { title: { type: "text" } } });
    (fuller.components[0]!.all_presets as unknown[]).push({ id: 12, name: "Wide", preset: { component: "teaser" } });
    fuller.datasources!.push({ slug: "sizes", name: "Sizes", entries: [{ name: "Small", value: "s" }] });
    await push(fuller);
    const { group } = await stored();
    const [older, old] = [group("Older").id, group("Old").id];

    const { writes, requests } = await push(schema(), true);
    expect(requests).toEqual([
      `DELETE ${API}/presets/ID`,
      `DELETE ${API}/components/ID`,
      `DELETE ${API}/component_groups/ID`,
      `DELETE ${API}/component_groups/ID`,
      `DELETE ${API}/datasources/ID`,
    ]);
    const groupDeletes = space.mapi.requests.filter((request) => request.method === "DELETE" && request.path.includes("component_groups"));
    expect(groupDeletes.map((request) => request.path)).toEqual([`${API}/component_groups/${older}`, `${API}/component_groups/${old}`]);
    expect(writes).toEqual({ created: 0, updated: 0, deleted: 5 });
    expect(writeTotal(writes)).toBe(5);

    const { state } = await stored();
    expect(state.componentGroups.map((group) => group.name)).toEqual(["Zones", "Blocks", "Atoms"]);
    expect(state.components.map((component) => component.name)).toEqual(["page", "teaser"]);
    expect(state.presets.map((preset) => preset.name)).toEqual(["Compact"]);
    expect(state.datasources.map((datasource) => datasource.slug)).toEqual(["themes"]);
  });
});

describe("a plan naming a group the space does not have", () => {
  it("stops before its first write, naming the group", async () => {
    const empty: SpaceSchema = { components: [], groups: [], presets: [], datasources: [], languages: { defaultName: "", languages: [] } };
    const plan: SchemaPlan = {
      groups: [],
      components: [
        {
          action: "add",
          name: "teaser",
          localShape: { name: "teaser", settings: {}, group: "Ghosts", fields: new Map(), presets: [], defaultPreset: null },
          settings: [],
          fields: [],
        },
      ],
      presets: [],
      datasources: [],
      breaking: [],
      kept: [],
      notes: [],
    };
    const writes = { created: 0, updated: 0, deleted: 0 };
    await expect(applyPlan(space.client(), plan, empty, writes)).rejects.toThrow(new Error('component group "Ghosts" is not in the space'));
    expect(space.mapi.requests).toEqual([]);
    expect(writes).toEqual({ created: 0, updated: 0, deleted: 0 });
  });
});

describe("writeTotal", () => {
  it("adds every write", () => expect(writeTotal({ created: 1, updated: 2, deleted: 4 })).toBe(7));
});

describe("reading the space", () => {
  it("asks for every list with page and per_page, and reads every page of a datasource's entries", async () => {
    const many = schema();
    many.datasources![0]!.entries = Array.from({ length: 30 }, (_, index) => ({ name: `Entry ${index}`, value: `e${index}` }));
    await push(many);
    const themes = (await space.mapi.store.read()).datasources[0]!.id;
    const from = space.mapi.requests.length;
    const read = await readSpaceSchema(space.client());
    expect(read.datasources.map(({ datasource, entries }) => [datasource.slug, entries.map((entry) => entry.value)])).toEqual([
      ["themes", many.datasources![0]!.entries.map((entry) => entry.value)],
    ]);
    expect(space.mapi.requests.slice(from).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${API}/components?page=1&per_page=100`,
      `GET ${API}/component_groups?page=1&per_page=100`,
      `GET ${API}/presets?page=1&per_page=100`,
      `GET ${API}/datasources?page=1&per_page=100`,
      `GET ${API}/datasource_entries?datasource_id=${themes}&page=1&per_page=100`,
      `GET ${API}`,
    ]);
  });
});
