/**
 * The local Management API served from the embedded content (a copy of content/, with
 * the repository's schema/ as `content serve` shows them) is the same space the CDN
 * serves: the components of schema/, the files of content/assets as assets under the
 * ids the stories give them, the folders the stories are in. A write through one API is
 * read through the other, and a file changed by hand is seen by both without a restart.
 * Also the space itself, its user, internal tags, asset folders and datasource dimensions.
 */
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderUuid } from "../../../../src/content/sources/local-cdn/space-documents";
import { SPACE_ID, startManagementApi, TOKEN, type RunningManagementApi } from "./mapi-harness";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const SCHEMA = JSON.parse(await readFile(join(ROOT, "schema", "components.json"), "utf8")) as {
  components: { name: string; id: number }[];
  component_groups: unknown[];
};

let dir: string;
let api: RunningManagementApi;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mapi-from-content-"));
  await cp(join(ROOT, "content"), dir, { recursive: true });
  api = await startManagementApi(dir, { schemaDir: join(ROOT, "schema") });
});
afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

async function read<T = Record<string, unknown>>(path: string): Promise<T> {
  const response = await api.call("GET", path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await api.call(method, path, body);
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

describe("served from content/, the same space as the CDN", () => {
  it("the components, groups and presets of schema/", async () => {
    const { components, component_groups } = await read<{
      components: { name: string; id: number; real_name: string }[];
      component_groups: unknown[];
    }>("components");
    expect(components.map((c) => [c.name, c.id])).toEqual(SCHEMA.components.map((c) => [c.name, c.id]));
    expect(component_groups).toEqual(SCHEMA.component_groups);
  });

  it("every file of content/assets, under the id the stories give it, served byte for byte", async () => {
    const { assets } = await read<{ assets: { id: number; filename: string; ext_id: string }[] }>("assets?per_page=100");
    expect(assets).toHaveLength(17);
    const cover = await read<{ id: number; filename: string; alt: string; ext_id: string; content_type: string }>("assets/18736442");
    expect(cover).toMatchObject({
      id: 18736442,
      filename: `${api.url}/assets/tidewater-cover.webp`,
      content_type: "image/webp",
      alt: expect.stringContaining("dike"),
    });
    const bytes = await readFile(join(ROOT, "content", "assets", "tidewater-cover.webp"));
    expect(cover.ext_id).toBe(`sha256:${createHash("sha256").update(bytes).digest("hex")}`);
    expect(Buffer.from(await (await fetch(cover.filename)).arrayBuffer())).toEqual(bytes);
    // Reading the space wrote nothing: the assets are inferred until the first change.
    await expect(stat(join(dir, "space", "assets.json"))).rejects.toThrow();
  });

  it("the folders the stories are in, with the ids and uuids the CDN's links give them", async () => {
    const { stories } = await read<{ stories: { full_slug: string; id: number; uuid: string; is_folder: boolean }[] }>(
      "stories?folder_only=1",
    );
    expect(stories.map((s) => [s.full_slug, s.id, s.uuid])).toEqual([
      ["projects", 512004101, folderUuid(512004101)],
      ["projects/2024", 512004102, folderUuid(512004102)],
    ]);
    const links = (await api.cdn("links")).body.links as Record<string, { slug: string; id: number; is_folder: boolean }>;
    expect(links[folderUuid(512004101)]).toMatchObject({ slug: "projects", id: 512004101, is_folder: true });
  });

  it("the space: its name and languages, which the CDN's spaces/me shares", async () => {
    const { space } = await read<{ space: Record<string, unknown> }>("");
    expect(space).toMatchObject({
      id: SPACE_ID,
      name: "Embedded content",
      // content/space/space.json: English (the default) and Dutch, as schema/languages.json lists them.
      languages: [{ code: "nl", name: "Nederlands", ai_translation_code: null }],
      default_lang_name: "English",
      stories_count: 9,
      assets_count: 17,
    });
    const updated = await send("PUT", "", { space: { languages: [{ code: "nl", name: "Nederlands" }], default_lang_name: "English" } });
    expect(updated.status).toBe(200);
    expect(updated.body.space).toMatchObject({
      languages: [{ code: "nl", name: "Nederlands", ai_translation_code: null }],
      default_lang_name: "English",
    });
    expect((await api.cdn("spaces/me")).body.space).toMatchObject({ language_codes: ["nl"] });
    expect(await send("PUT", "", { space: { languages: [{ code: "nl" }] } })).toMatchObject({
      status: 422,
      body: { languages: [expect.any(String)] },
    });
  });
});

describe("a write through either side is seen by the other", () => {
  it("a datasource and its entries made through the Management API, read through the CDN", async () => {
    const { body } = await send("POST", "datasources", { datasource: { name: "Services", slug: "services" } });
    const id = (body.datasource as { id: number }).id;
    await send("POST", "datasource_entries", { datasource_entry: { name: "Design", value: "design", datasource_id: id } });
    expect((await api.cdn("datasource_entries?datasource=services")).body.datasource_entries).toEqual([
      expect.objectContaining({ name: "Design", value: "design" }),
    ]);
    expect((await api.cdn("datasources")).body.datasources).toEqual([expect.objectContaining({ slug: "services" })]);
  });

  it("a folder made through the Management API is a link of the CDN", async () => {
    const { body } = await send("POST", "stories", { story: { name: "Writing", slug: "writing", is_folder: true } });
    const folder = body.story as { id: number; uuid: string };
    expect(((await api.cdn("links")).body.links as Record<string, unknown>)[folder.uuid]).toMatchObject({
      slug: "writing",
      is_folder: true,
      id: folder.id,
    });
  });

  it("a story file edited by hand is what the Management API answers next, without a restart", async () => {
    const file = join(dir, "stories", "site.json");
    const story = JSON.parse(await readFile(file, "utf8")) as { id: number; name: string };
    await writeFile(file, JSON.stringify({ ...story, name: "Site settings (edited)" }, null, 2));
    expect((await read<{ story: { name: string } }>(`stories/${story.id}`)).story.name).toBe("Site settings (edited)");
    expect((await api.cdn("stories/site")).body.story).toMatchObject({ name: "Site settings (edited)" });
  });

  it("a file dropped into content/assets is an asset of the space at once", async () => {
    await writeFile(join(dir, "assets", "new-sketch.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { assets } = await read<{ assets: { filename: string }[] }>("assets?per_page=100");
    expect(assets.map((a) => a.filename)).toContain(`${api.url}/assets/new-sketch.svg`);
  });

  it("the first change to a component stores the space's own components; schema/ is never written", async () => {
    const before = await readFile(join(ROOT, "schema", "components.json"), "utf8");
    const { components } = await read<{ components: { id: number; name: string }[] }>("components");
    const quote = components.find((c) => c.name === "quote") ?? components[0]!;
    expect((await send("PUT", `components/${quote.id}`, { component: { display_name: "Pull quote" } })).status).toBe(200);
    const stored = JSON.parse(await readFile(join(dir, "space", "components.json"), "utf8")) as {
      components: { id: number; display_name: string }[];
    };
    expect(stored.components).toHaveLength(SCHEMA.components.length);
    expect(stored.components.find((c) => c.id === quote.id)?.display_name).toBe("Pull quote");
    expect(await readFile(join(ROOT, "schema", "components.json"), "utf8")).toBe(before);
  });

  it("an embedded asset replaced through the signed upload stays where the stories find it", async () => {
    const signed = await send("POST", "assets", { id: 18736442, filename: "tidewater-cover.webp" });
    expect(signed.body).toMatchObject({ id: 18736442, public_url: `${api.url}/assets/tidewater-cover.webp` });
    const form = new FormData();
    for (const [key, value] of Object.entries(signed.body.fields as Record<string, string>)) form.append(key, value);
    const replacement = Buffer.from("RIFF\0\0\0\0WEBPVP8 a new cover");
    form.append("file", new Blob([replacement], { type: "image/webp" }), "tidewater-cover.webp");
    expect((await fetch(signed.body.post_url as string, { method: "POST", body: form })).status).toBe(204);
    expect((await send("GET", "assets/18736442/finish_upload")).status).toBe(200);
    expect(await readFile(join(dir, "assets", "tidewater-cover.webp"))).toEqual(replacement);
    expect((await read<{ filename: string }>("assets/18736442")).filename).toBe(`${api.url}/assets/tidewater-cover.webp`);
  });
});

describe("the user, internal tags, asset folders and dimensions", () => {
  it("users/me: the token's user; no token, 401", async () => {
    const response = await fetch(`${api.url}/v1/users/me`, { headers: { authorization: TOKEN } });
    expect(await response.json()).toMatchObject({ user: { id: 1, email: "local@example.com", friendly_name: "Local Management API" } });
    expect((await fetch(`${api.url}/v1/users/me`)).status).toBe(401);
    const spaces = (await (await fetch(`${api.url}/v1/spaces`, { headers: { authorization: TOKEN } })).json()) as {
      spaces: { id: number }[];
    };
    expect(spaces.spaces.map((s) => s.id)).toEqual([SPACE_ID]);
  });

  it("internal tags: made, listed by object type, given to a component, renamed and removed from it when deleted", async () => {
    const made = await send("POST", "internal_tags", { internal_tag: { name: "Marketing", object_type: "component" } });
    expect(made).toMatchObject({ status: 201, body: { internal_tag: { name: "Marketing", object_type: "component" } } });
    const tag = (made.body.internal_tag as { id: number }).id;
    expect((await send("POST", "internal_tags", { internal_tag: { name: "Marketing", object_type: "component" } })).status).toBe(422);
    await send("POST", "internal_tags", { internal_tag: { name: "Photos", object_type: "asset" } });
    expect(
      (await read<{ internal_tags: { name: string }[] }>("internal_tags?by_object_type=component")).internal_tags.map((t) => t.name),
    ).toEqual(["Marketing"]);
    const component = (await send("POST", "components", { component: { name: "tagged_block", internal_tag_ids: [String(tag)] } })).body
      .component as { id: number; internal_tags_list: unknown };
    expect(component.internal_tags_list).toEqual([{ id: tag, name: "Marketing" }]);
    expect((await send("PUT", `internal_tags/${tag}`, { internal_tag: { name: "Campaigns" } })).body.internal_tag).toMatchObject({
      name: "Campaigns",
    });
    expect((await send("DELETE", `internal_tags/${tag}`)).status).toBe(204);
    expect((await read<{ component: { internal_tag_ids: unknown[] } }>(`components/${component.id}`)).component.internal_tag_ids).toEqual(
      [],
    );
  });

  it("asset folders: nested, listed by parent, renamed, and deleted with their folders (recursive) or without them", async () => {
    const outer = (await send("POST", "asset_folders", { asset_folder: { name: "Photos" } })).body.asset_folder as {
      id: number;
      uuid: string;
    };
    const inner = (await send("POST", "asset_folders", { asset_folder: { name: "2024", parent_id: outer.id } })).body.asset_folder as {
      id: number;
      parent_uuid: string;
    };
    expect(inner.parent_uuid).toBe(outer.uuid);
    expect(
      (await read<{ asset_folders: { name: string }[] }>(`asset_folders?with_parent=${outer.id}`)).asset_folders.map((f) => f.name),
    ).toEqual(["2024"]);
    expect((await send("PUT", `asset_folders/${inner.id}`, { asset_folder: { name: "2025" } })).status).toBe(204);
    expect((await send("PUT", `asset_folders/${outer.id}`, { asset_folder: { parent_id: inner.id } })).status).toBe(422);
    expect((await send("DELETE", `asset_folders/${outer.id}`)).status).toBe(204);
    // Without recursive, its folders move up a level.
    expect(
      (await read<{ asset_folder: { name: string; parent_id: number | null } }>(`asset_folders/${inner.id}`)).asset_folder,
    ).toMatchObject({ name: "2025", parent_id: null });
    const again = (await send("POST", "asset_folders", { asset_folder: { name: "Again" } })).body.asset_folder as { id: number };
    const child = (await send("POST", "asset_folders", { asset_folder: { name: "Child", parent_id: again.id } })).body.asset_folder as {
      id: number;
    };
    expect((await send("DELETE", `asset_folders/${again.id}?recursive=true`)).status).toBe(204);
    expect((await send("GET", `asset_folders/${child.id}`)).status).toBe(404);
  });

  it("datasource dimensions: made with the datasource, a value per entry and dimension, read with dimension=<id>", async () => {
    const { body } = await send("POST", "datasources", {
      datasource: { name: "Labels", slug: "labels", dimensions_attributes: [{ name: "Deutsch", entry_value: "de" }] },
    });
    const datasource = body.datasource as { id: number; dimensions: { id: number; entry_value: string }[] };
    const dimension = datasource.dimensions[0]!.id;
    const entry = (
      await send("POST", "datasource_entries", { datasource_entry: { name: "hello", value: "Hello", datasource_id: datasource.id } })
    ).body.datasource_entry as { id: number };
    expect(
      (
        await send("PUT", `datasource_entries/${entry.id}?dimension_id=${dimension}`, {
          datasource_entry: { name: "hello", value: "Hello", dimension_value: "Hallo" },
        })
      ).status,
    ).toBe(204);
    expect(
      (await send("PUT", `datasource_entries/${entry.id}?dimension_id=1`, { datasource_entry: { dimension_value: "x" } })).status,
    ).toBe(422);
    expect(
      (await read<{ datasource_entries: unknown[] }>(`datasource_entries?datasource_id=${datasource.id}&dimension=${dimension}`))
        .datasource_entries,
    ).toEqual([expect.objectContaining({ name: "hello", value: "Hello", dimension_value: "Hallo" })]);
    expect((await read<{ datasource_entries: unknown[] }>(`datasource_entries?datasource_id=${datasource.id}`)).datasource_entries).toEqual(
      [expect.objectContaining({ dimension_value: null })],
    );
    expect((await api.cdn("datasource_entries?datasource=labels&dimension=de")).body.datasource_entries).toEqual([
      expect.objectContaining({ dimension_value: "Hallo" }),
    ]);
    expect(
      (await send("POST", "datasources", { datasource: { name: "Bad", slug: "bad", dimensions_attributes: [{ name: "x" }] } })).status,
    ).toBe(422);
  });
});
