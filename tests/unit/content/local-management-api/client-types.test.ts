/**
 * The compile-time half of the drift check. The emulator builds each answer
 * as the type Storyblok's client declares for it (client-types.ts derives
 * them from the client's own methods; every endpoint's body `satisfies`
 * one), so `tsc` fails when the client's types ask for something the
 * emulator does not send. Here, the runtime half: what goes over the wire
 * is exactly those typed objects, built again from the stored records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetView } from "../../../../tools/local-management-api/assets-endpoint";
import type {
  AssetAnswer,
  ComponentBody,
  ComponentListAnswer,
  DatasourceEntryBody,
  PresetBody,
  StoryBody,
} from "../../../../tools/local-management-api/client-types";
import { componentView } from "../../../../tools/local-management-api/components-endpoint";
import { storyView } from "../../../../tools/local-management-api/story-views";
import { startManagementApi, type RunningManagementApi } from "./mapi-harness";

let api: RunningManagementApi;
beforeAll(async () => {
  api = await startManagementApi();
});
afterAll(() => api.close());

const wire = async (path: string) => (await api.call("GET", path)).json();

describe("answers are the client's types", () => {
  it("components, presets and datasource entries", async () => {
    const client = api.client();
    const component = (await client.components.create({ body: { component: { name: "hero", schema: { title: { type: "text" } } } } })).data
      .component;
    const preset = (await client.presets.create({ body: { preset: { name: "Big", component_id: component.id } } })).data.preset;
    const datasource = (await client.datasources.create({ body: { datasource: { name: "Icons", slug: "icons" } } })).data.datasource;
    const entry = (
      await client.datasourceEntries.create({ body: { datasource_entry: { name: "a", value: "b", datasource_id: datasource.id } } })
    ).data.datasource_entry;

    const state = await api.api.store.read();
    const stored = state.components.find((c) => c.id === component.id)!;
    expect(await wire(`components/${component.id}`)).toEqual({ component: componentView(stored, state.presets) } satisfies ComponentBody);
    expect(await wire("components")).toEqual({
      components: [componentView(stored, state.presets)],
      component_groups: [],
    } satisfies ComponentListAnswer);
    expect(await wire(`presets/${preset.id}`)).toEqual({ preset: state.presets[0]! } satisfies PresetBody);
    expect(await wire(`datasource_entries/${entry.id}`)).toEqual({
      datasource_entry: state.datasourceEntries[0]!,
    } satisfies DatasourceEntryBody);
  });

  it("stories and assets", async () => {
    const client = api.client();
    const story = (await client.stories.create({ body: { story: { name: "Home", slug: "home", content: { component: "page" } } } })).data
      .story!;
    const asset = await client.assets.upload({ body: { short_filename: "a.png" }, file: new Blob(["png"]) });

    const state = await api.api.store.read();
    expect(await wire(`stories/${story.id}`)).toEqual({
      story: storyView(state.stories.get(story.id)!, state.folders),
    } satisfies StoryBody);
    expect(await wire(`assets/${asset.id}`)).toEqual(assetView(state.assets.find((a) => a.id === asset.id)!) satisfies AssetAnswer);
  });
});
