/**
 * Components, component groups, presets, datasources and their entries
 * through the real Management API client against the local Management API
 * over HTTP: create, read, update, delete, Storyblok's 422s and 404s, and
 * the files the space keeps in the content folder.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, SPACE_ID, startManagementApi, type RunningManagementApi } from "./mapi-harness";

let api: RunningManagementApi;
beforeAll(async () => {
  api = await startManagementApi();
});
afterAll(() => api.close());

const readSpaceFile = async (name: string) => JSON.parse(await readFile(join(api.dir, "space", name), "utf8")) as Record<string, unknown[]>;

describe("components and component groups", () => {
  it("an empty folder is an empty space", async () => {
    const { data } = await api.client().components.list();
    expect(data).toEqual({ components: [], component_groups: [] });
  });

  it("creates a group and a component in it (201), reads, updates and deletes them", async () => {
    const client = api.client();
    const group = await client.componentFolders.create({ body: { component_group: { name: "Sections" } } });
    expect(group.response.status).toBe(201);
    const uuid = group.data.component_group.uuid;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    const created = await client.components.create({
      body: {
        component: {
          name: "hero",
          display_name: "Hero",
          is_nestable: true,
          component_group_uuid: uuid,
          schema: { title: { type: "text", pos: 0 } },
        },
      },
    });
    expect(created.response.status).toBe(201);
    const hero = created.data.component;
    expect(hero).toMatchObject({
      name: "hero",
      display_name: "Hero",
      real_name: "Hero",
      is_root: false,
      is_nestable: true,
      component_group_uuid: uuid,
    });
    expect(hero.schema).toEqual({ title: { type: "text", pos: 0 } });

    expect((await client.components.get(hero.id)).data.component.name).toBe("hero");
    const updated = await client.components.update(hero.id, { body: { component: { schema: { title: { type: "textarea" } } } } });
    expect(updated.data.component).toMatchObject({ name: "hero", schema: { title: { type: "textarea" } } });

    const list = await client.components.list();
    expect(list.data.components.map((c) => c.name)).toEqual(["hero"]);
    expect(list.data.component_groups).toEqual([group.data.component_group]);
    const onDisk = await readSpaceFile("components.json");
    expect(onDisk.components).toHaveLength(1);
    expect(onDisk.component_groups).toEqual([group.data.component_group]);

    // Deleting the group leaves its component at the top level.
    await client.componentFolders.delete(group.data.component_group.id);
    expect((await client.components.get(hero.id)).data.component.component_group_uuid).toBeNull();
    expect((await client.components.delete(hero.id)).data.component.name).toBe("hero");
    expect((await failure(client.components.get(hero.id))).status).toBe(404);
  });

  it("answers 422 for a component without a name, a taken name, or an unknown group", async () => {
    const client = api.client();
    await client.components.create({ body: { component: { name: "page", is_root: true } } });
    expect(await failure(client.components.create({ body: { component: { name: "" } } }))).toEqual({
      status: 422,
      data: { name: ["can't be blank"] },
    });
    expect(await failure(client.components.create({ body: { component: { name: "page" } } }))).toEqual({
      status: 422,
      data: { name: ["has already been taken"] },
    });
    const unknownGroup = await failure(client.components.create({ body: { component: { name: "x", component_group_uuid: "nope" } } }));
    expect(unknownGroup.status).toBe(422);
    const missing = await api.call("POST", "components", { name: "x" });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ component: ["param is missing or the value is empty: component"] });
  });

  it("answers 404 for an unknown component, group, or space", async () => {
    const client = api.client();
    expect((await failure(client.components.get(999_999))).status).toBe(404);
    expect((await failure(client.componentFolders.get(999_999))).status).toBe(404);
    expect((await failure(api.client({ spaceId: SPACE_ID + 1 }).components.list())).status).toBe(404);
  });
});

describe("presets", () => {
  it("creates, lists by component, updates and deletes a preset; the component lists it", async () => {
    const client = api.client();
    const { data } = await client.components.create({ body: { component: { name: "quote" } } });
    const created = await client.presets.create({
      body: { preset: { name: "Short", component_id: data.component.id, preset: { text: "Hi" } } },
    });
    expect(created.response.status).toBe(201);
    const preset = created.data.preset;
    expect(preset).toMatchObject({ name: "Short", component_id: data.component.id, space_id: SPACE_ID, preset: { text: "Hi" } });
    expect((await client.presets.list({ query: { component_id: data.component.id } })).data.presets).toEqual([preset]);
    expect((await client.components.get(data.component.id)).data.component.all_presets).toMatchObject([{ id: preset.id, name: "Short" }]);
    expect((await client.presets.update(preset.id, { body: { preset: { name: "Long" } } })).data.preset.name).toBe("Long");
    expect(await failure(client.presets.create({ body: { preset: { name: "Long", component_id: data.component.id } } }))).toEqual({
      status: 422,
      data: { name: ["has already been taken"] },
    });
    expect((await failure(client.presets.create({ body: { preset: { name: "x", component_id: 1 } } }))).status).toBe(422);
    await client.presets.delete(preset.id);
    expect((await client.presets.list({ query: { component_id: data.component.id } })).data.presets).toEqual([]);
  });
});

describe("datasources and entries", () => {
  it("creates a datasource (201), finds it by id and slug, and refuses a taken slug", async () => {
    const client = api.client();
    const created = await client.datasources.create({ body: { datasource: { name: "Themes", slug: "themes" } } });
    expect(created.response.status).toBe(201);
    const themes = created.data.datasource;
    expect(themes).toMatchObject({ name: "Themes", slug: "themes", dimensions: [] });
    expect((await client.datasources.get("themes")).data.datasource.id).toBe(themes.id);
    expect((await client.datasources.get(themes.id)).data.datasource.slug).toBe("themes");
    expect(await failure(client.datasources.create({ body: { datasource: { name: "Other", slug: "themes" } } }))).toEqual({
      status: 422,
      data: { slug: ["has already been taken"] },
    });
    expect((await failure(client.datasources.create({ body: { datasource: { name: "", slug: "" } } }))).data).toEqual({
      name: ["can't be blank"],
      slug: ["can't be blank"],
    });
    const renamed = await client.datasources.update(themes.id, { body: { datasource: { name: "Colour themes" } } });
    expect(renamed.data.datasource).toMatchObject({ name: "Colour themes", slug: "themes" });
  });

  it("creates, positions, updates and deletes entries; deleting the datasource deletes them", async () => {
    const client = api.client();
    const { data } = await client.datasources.create({ body: { datasource: { name: "Icons", slug: "icons" } } });
    const id = data.datasource.id;
    const light = await client.datasourceEntries.create({
      body: { datasource_entry: { name: "Light", value: "light", datasource_id: id } },
    });
    expect(light.response.status).toBe(201);
    expect(light.data.datasource_entry).toMatchObject({ name: "Light", value: "light", dimension_value: null });
    await client.datasourceEntries.create({ body: { datasource_entry: { name: "Dark", value: "dark", datasource_id: id, position: 1 } } });
    const listed = await client.datasourceEntries.list({ query: { datasource_id: id } });
    expect(listed.data.datasource_entries.map((e) => e.name)).toEqual(["Dark", "Light"]);
    expect(listed.response.headers.get("total")).toBe("2");

    const entryId = light.data.datasource_entry.id;
    const update = await client.datasourceEntries.update(entryId, { body: { datasource_entry: { value: "pale" } } });
    expect(update.response.status).toBe(204);
    expect((await client.datasourceEntries.get(entryId)).data.datasource_entry.value).toBe("pale");
    expect((await client.datasourceEntries.list({ query: { datasource_slug: "icons" } as never })).data.datasource_entries).toHaveLength(2);

    expect(
      await failure(client.datasourceEntries.create({ body: { datasource_entry: { name: "", value: "x", datasource_id: id } } })),
    ).toEqual({
      status: 422,
      data: { name: ["can't be blank"] },
    });
    expect(
      (await failure(client.datasourceEntries.create({ body: { datasource_entry: { name: "x", value: "x", datasource_id: 1 } } }))).data,
    ).toEqual({
      datasource: ["must exist"],
    });

    await client.datasourceEntries.delete(entryId);
    expect((await failure(client.datasourceEntries.get(entryId))).status).toBe(404);
    await client.datasources.delete(id);
    expect((await failure(client.datasources.get(id))).status).toBe(404);
    const onDisk = await readSpaceFile("datasources.json");
    expect((onDisk.datasource_entries as { datasource_id: number }[]).filter((e) => e.datasource_id === id)).toEqual([]);
  });

  it("pages entries 25 by default and at most 1000 per page (Storyblok's limit for entries), with total and per-page headers", async () => {
    const client = api.client();
    const { data } = await client.datasources.create({ body: { datasource: { name: "Many", slug: "many" } } });
    const id = data.datasource.id;
    for (let i = 0; i < 130; i++)
      await client.datasourceEntries.create({ body: { datasource_entry: { name: `n${i}`, value: `v${i}`, datasource_id: id } } });

    const first = await client.datasourceEntries.list({ query: { datasource_id: id } });
    expect(first.data.datasource_entries).toHaveLength(25);
    expect(first.response.headers.get("per-page")).toBe("25");
    expect(first.response.headers.get("total")).toBe("130");

    const all = await client.datasourceEntries.list({ query: { datasource_id: id, per_page: 5000 } });
    expect(all.data.datasource_entries).toHaveLength(130);
    expect(all.response.headers.get("per-page")).toBe("1000");
    const pageOne = await client.datasourceEntries.list({ query: { datasource_id: id, per_page: 100, page: 1 } });
    expect(pageOne.data.datasource_entries).toHaveLength(100);
    const pageTwo = await client.datasourceEntries.list({ query: { datasource_id: id, per_page: 100, page: 2 } });
    expect(pageTwo.data.datasource_entries.map((e) => e.name)).toEqual(Array.from({ length: 30 }, (_, i) => `n${100 + i}`));
    const beyond = await client.datasourceEntries.list({ query: { datasource_id: id, per_page: 100, page: 3 } });
    expect(beyond.data.datasource_entries).toEqual([]);
  });
});
