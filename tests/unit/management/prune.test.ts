/**
 * Nothing is deleted unless asked: `schema push` against a space holding one
 * more of each kind than schema/ (a component group, a component, a preset,
 * a datasource and a datasource entry) leaves every one of them without
 * `prune`, and sends no DELETE; with `prune` (and `allowBreaking`, as
 * removals are breaking) each goes with exactly one DELETE of its own. The
 * local Management API over HTTP, the CLI's client.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { pushSchema } from "../../../tools/schema-push/push-schema";
import { componentIn, THEMES, writeSchemaDir } from "./schema-push-helpers";
import { OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "./space-harness";

const EXTRA_GROUP = { name: "Extras", uuid: "0f0e0d0c-0b0a-4908-8706-050403020100" };
const SIZES = { slug: "sizes", name: "Sizes", entries: [{ name: "Small", value: "s" }] };

const dirs: string[] = [];
let space: LocalSpace;
let client: ManagementClient;
type Seen = { groups: string[]; components: string[]; presets: string[]; datasources: string[]; entries: string[] };
let kept: Seen;
let pruned: Seen;
let deletesWithoutPrune: string[];
let deletesWithPrune: string[];

async function seen(): Promise<Seen> {
  const state = await space.mapi.store.read();
  return {
    groups: state.componentGroups.map((group) => group.name),
    components: state.components.map((component) => component.name),
    presets: state.presets.map((preset) => preset.name),
    datasources: state.datasources.map((datasource) => datasource.slug),
    entries: state.datasourceEntries.map((entry) => entry.value),
  };
}

const deletes = (from: number) =>
  space.mapi.requests
    .slice(from)
    .filter((request) => request.method === "DELETE")
    .map((request) => request.path.replace(/\d+$/, "ID"));

beforeAll(async () => {
  const temp = await mkdtemp(join(tmpdir(), "prune-"));
  dirs.push(temp);
  space = await startLocalSpace(join(temp, "space"), { requestsPerSecond: Number.POSITIVE_INFINITY });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
  const fuller = writeSchemaDir(
    join(temp, "fuller"),
    (schema) => {
      schema.component_groups.push(EXTRA_GROUP);
      schema.components.push({
        name: "extra_block",
        display_name: "Extra",
        is_root: false,
        is_nestable: true,
        component_group_uuid: EXTRA_GROUP.uuid,
        schema: { label: { type: "text", pos: 0 } },
      });
      componentIn(schema, "card").all_presets = [{ name: "Compact", preset: { component: "card" } }];
    },
    { datasources: [...THEMES.datasources, SIZES] },
  );
  expect((await pushSchema(client, { schemaDir: fuller })).outcome).toBe("applied");
  const local = writeSchemaDir(join(temp, "local"), () => {}, {
    datasources: [{ ...THEMES.datasources[0]!, entries: [{ name: "Light", value: "light" }] }],
  });

  let from = space.mapi.requests.length;
  expect((await pushSchema(client, { schemaDir: local })).outcome).toBe("unchanged");
  deletesWithoutPrune = deletes(from);
  kept = await seen();

  from = space.mapi.requests.length;
  expect((await pushSchema(client, { schemaDir: local, prune: true })).outcome).toBe("refused");
  expect(deletes(from)).toEqual([]);
  from = space.mapi.requests.length;
  expect((await pushSchema(client, { schemaDir: local, prune: true, allowBreaking: true })).outcome).toBe("applied");
  deletesWithPrune = deletes(from);
  pruned = await seen();
}, 60_000);

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

const KINDS: [kind: keyof Seen, name: string, path: string][] = [
  ["groups", EXTRA_GROUP.name, "component_groups"],
  ["components", "extra_block", "components"],
  ["presets", "Compact", "presets"],
  ["datasources", SIZES.slug, "datasources"],
  ["entries", "dark", "datasource_entries"],
];

describe("what the space has and schema/ does not", () => {
  it("is deleted by no request without prune", () => expect(deletesWithoutPrune).toEqual([]));

  it.each(KINDS)("%s: %s stays without prune, and goes with it, by one DELETE", (kind, name, path) => {
    expect(kept[kind]).toContain(name);
    expect(pruned[kind]).not.toContain(name);
    expect(deletesWithPrune.filter((request) => request === `/v1/spaces/${SPACE_ID}/${path}/ID`)).toHaveLength(1);
  });

  it("with prune, deletes those five and nothing else", () => {
    expect(deletesWithPrune).toHaveLength(KINDS.length);
    expect(pruned.entries).toEqual(["light"]);
    expect(pruned.datasources).toEqual(["themes"]);
  });
});
