/**
 * The drift test: every endpoint the local Management API answers is
 * called through the real client, over HTTP, and each answer is compared
 * with the shape Storyblok documents (tests/fixtures/management-api/): the
 * status, and the documented keys with their value types. An emulator
 * change that leaves the documented API fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shapeMismatches } from "./json-shape";
import { SPACE_ID, startManagementApi, type RunningManagementApi } from "./mapi-harness";

interface Fixture {
  endpoint: string;
  status: number;
  response: unknown;
}

const FIXTURES = fileURLToPath(new URL("../../../fixtures/management-api/", import.meta.url));
const fixtures = new Map(
  readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".json") && f !== "errors-and-limits.json")
    .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(`${FIXTURES}${f}`, "utf8")) as Fixture]),
);

interface Answer {
  status: number;
  data: unknown;
}
const answers = new Map<string, Answer>();
let api: RunningManagementApi;

/** Records a client call's answer under the fixture it is checked against. */
async function record<T extends { data?: unknown; response: Response }>(fixture: string, call: Promise<T>): Promise<T> {
  const result = await call;
  answers.set(fixture, { status: result.response.status, data: result.response.status === 204 ? null : result.data });
  return result;
}

/** Every endpoint once, in an order that leaves something for the next call to find. */
async function callEveryEndpoint(): Promise<void> {
  const client = api.client();
  const group = (
    await record("component-groups-create", client.componentFolders.create({ body: { component_group: { name: "Teasers" } } }))
  ).data.component_group;
  await record("component-groups-list", client.componentFolders.list());
  await record("component-groups-get", client.componentFolders.get(group.id));
  await record("component-groups-update", client.componentFolders.update(group.id, { body: { component_group: { name: "Teasers" } } }));

  const body = {
    name: "post",
    display_name: "Post",
    is_root: true,
    is_nestable: true,
    component_group_uuid: group.uuid,
    schema: { title: { type: "text" as const, pos: 0 }, description: { type: "text" as const, pos: 1 } },
  };
  const component = (await record("components-create", client.components.create({ body: { component: body } }))).data.component;
  const preset = (
    await record(
      "presets-create",
      client.presets.create({
        body: { preset: { name: "Teaser", preset: { headline: "Hi" }, component_id: component.id, image: "//a.storyblok.com/f/1/x.png" } },
      }),
    )
  ).data.preset;
  await record("components-list", client.components.list());
  await record("components-get", client.components.get(component.id));
  await record("components-update", client.components.update(component.id, { body: { component: { display_name: "Post updated" } } }));
  await record("presets-list", client.presets.list());
  await record("presets-get", client.presets.get(preset.id));
  await record("presets-update", client.presets.update(preset.id, { body: { preset: { name: "Teaser with image" } } }));

  const datasource = (
    await record("datasources-create", client.datasources.create({ body: { datasource: { name: "Labels", slug: "labels" } } }))
  ).data.datasource;
  await record("datasources-list", client.datasources.list());
  await record("datasources-get", client.datasources.get(datasource.id));
  await record("datasources-update", client.datasources.replace(datasource.id, { body: { datasource: { name: "Labels for Website" } } }));
  const entry = (
    await record(
      "datasource-entries-create",
      client.datasourceEntries.create({
        body: { datasource_entry: { name: "newsletter_text", value: "Subscribe", datasource_id: datasource.id } },
      }),
    )
  ).data.datasource_entry;
  await record("datasource-entries-list", client.datasourceEntries.list({ query: { datasource_id: datasource.id } }));
  await record("datasource-entries-get", client.datasourceEntries.get(entry.id));
  await record(
    "datasource-entries-update",
    client.datasourceEntries.replace(entry.id, { body: { datasource_entry: { value: "Subscribe now", position: 1 } } }),
  );

  const folder = (await client.stories.create({ body: { story: { name: "Posts", slug: "posts", is_folder: true } } })).data.story!;
  const content = { component: "page", body: [] };
  const story = (
    await record(
      "stories-create",
      client.stories.create({
        body: { story: { name: "My third post", slug: "my-third-post", parent_id: folder.id, content }, publish: 1 } as never,
      }),
    )
  ).data.story!;
  await record(
    "stories-update",
    client.stories.update(story.id, { body: { story: { name: "My third post", content }, force_update: 1 } as never }),
  );
  await record("stories-list", client.stories.list({ query: { story_only: true } }));
  await record("stories-get", client.stories.get(story.id));
  await record("stories-publish", client.stories.publish(story.id));
  await record("stories-unpublish", client.get(`/v1/spaces/${SPACE_ID}/stories/${story.id}/unpublish`));

  const signed = (await record("assets-sign", client.assets.signResponseObject({ query: { filename: "your_file.jpg", size: "400x500" } })))
    .data;
  const form = new FormData();
  for (const [key, value] of Object.entries(signed.fields)) form.append(key, value);
  form.append("file", new File([new Uint8Array([0xff, 0xd8, 0xff])], "your_file.jpg", { type: "image/jpeg" }));
  expect((await fetch(signed.post_url, { method: "POST", body: form })).status).toBe(204);
  await record("assets-finish-upload", client.assets.finalize(signed.id));
  await record(
    "assets-update",
    client.patch(`/v1/spaces/${SPACE_ID}/assets/${signed.id}`, { body: { asset: { alt: "Alt", meta_data: { asset_category: "name" } } } }),
  );
  await record("assets-get", client.assets.get(signed.id));
  await record("assets-list", client.assets.list());

  // The client has no releases resource: Storyblok's documented calls through its escape hatch.
  const release = (
    await record(
      "releases-create",
      client.post(`/v1/spaces/${SPACE_ID}/releases`, {
        body: { release: { branches_to_deploy: [123, 456], name: "Summer Special", release_at: "2025-01-01 01:01" } },
      }),
    )
  ).data as { release: { id: number } };
  await record("releases-list", client.get(`/v1/spaces/${SPACE_ID}/releases`));
  await record("releases-get", client.get(`/v1/spaces/${SPACE_ID}/releases/${release.release.id}`));

  await record("presets-delete", client.presets.delete(preset.id));
  await record("components-delete", client.components.delete(component.id));
  await record("component-groups-delete", client.componentFolders.delete(group.id));
  await record("datasource-entries-delete", client.datasourceEntries.delete(entry.id));
  await record("datasources-delete", client.datasources.delete(datasource.id));
  await client.stories.publish(story.id);
  await record("stories-delete", client.stories.delete(story.id));
  await record("assets-delete", client.assets.delete(signed.id));
}

beforeAll(async () => {
  api = await startManagementApi();
  await callEveryEndpoint();
});
afterAll(() => api.close());

describe("answers match the shapes Storyblok documents", () => {
  it("has a fixture for every call made, and a call for every fixture", () => {
    expect([...answers.keys()].sort()).toEqual([...fixtures.keys()].sort());
  });

  it.each([...fixtures.keys()].sort())("%s", (name) => {
    const fixture = fixtures.get(name)!;
    const answer = answers.get(name);
    expect(answer, `no call recorded for ${fixture.endpoint}`).toBeDefined();
    expect(answer!.status).toBe(fixture.status);
    if (fixture.response === null) expect(answer!.data).toBeNull();
    else expect(shapeMismatches(fixture.response, answer!.data)).toEqual([]);
  });
});

describe("the shape comparison itself", () => {
  it.each([
    ["a missing key", { a: 1 }, {}, ["$.a: documented, not answered"]],
    ["a changed type", { a: "x" }, { a: 1 }, ["$.a: documented string, answered number"]],
    ["a nested key", { a: { b: [{ c: true }] } }, { a: { b: [{ c: "no" }] } }, ["$.a.b[0].c: documented boolean, answered string"]],
    ["null documented", { a: null }, { a: { any: 1 } }, []],
    ["extra keys answered", { a: 1 }, { a: 2, b: 3 }, []],
    ["an object for an array", { a: [] }, { a: {} }, ["$.a: documented array, answered object"]],
  ])("%s", (_name, documented, actual, want) => {
    expect(shapeMismatches(documented, actual)).toEqual(want);
  });
});
