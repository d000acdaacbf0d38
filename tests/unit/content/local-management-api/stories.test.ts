/**
 * Stories and folders through the real Management API client, and what the
 * CDN on the same folder then serves: published stories to the public
 * token, drafts to the preview token, a pending draft over a published
 * story kept apart until it is published.
 */
import { cp, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildStoryIndex } from "../../../../src/content/sources/local-cdn/story-index";
import { validateContentDirectory } from "../../../../tools/content-validation/validate-directory";
import { EMBEDDED_CONTENT } from "../cdn-harness";
import { failure, SPACE_ID, startManagementApi, tempContentDir, type RunningManagementApi } from "./mapi-harness";

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const page = (headline: string) => ({ component: "page", body: [{ component: "hero_section", headline }] });

describe("stories and the CDN", () => {
  let api: RunningManagementApi;
  beforeAll(async () => {
    api = await startManagementApi();
  });
  afterAll(() => api.close());

  it("an empty folder has no stories, in either API", async () => {
    const { data, response } = await api.client().stories.list();
    expect(data.stories!).toEqual([]);
    expect(response.headers.get("total")).toBe("0");
    expect((await api.cdn("stories")).body.stories).toEqual([]);
  });

  it("creates a folder and a published story in it: the CDN serves it at its full slug", async () => {
    const client = api.client();
    const folder = await client.stories.create({ body: { story: { name: "Projects", slug: "projects", is_folder: true } } });
    expect(folder.response.status).toBe(201);
    expect(folder.data.story!).toMatchObject({ is_folder: true, full_slug: "projects", parent_id: 0, published: false });

    const created = await client.stories.create({
      body: { story: { name: "Atlas", slug: "atlas", parent_id: folder.data.story!.id, content: page("Atlas") } },
      query: { publish: true },
    });
    expect(created.response.status).toBe(201);
    const story = created.data.story!;
    expect(story).toMatchObject({
      name: "Atlas",
      full_slug: "projects/atlas",
      is_folder: false,
      published: true,
      unpublished_changes: false,
    });
    expect(story.parent).toMatchObject({ id: folder.data.story!.id, slug: "projects" });
    expect(story.published_at).toBe(story.first_published_at);
    expect(typeof story.content._uid).toBe("string");

    const onDisk = JSON.parse(await readFile(join(api.dir, "stories/projects/atlas.json"), "utf8")) as Record<string, unknown>;
    expect(onDisk).toMatchObject({ id: story.id, uuid: story.uuid, full_slug: "projects/atlas", published_at: story.published_at });
    const folders = JSON.parse(await readFile(join(api.dir, "space/folders.json"), "utf8")) as { folders: { slug: string }[] };
    expect(folders.folders.map((f) => f.slug)).toEqual(["projects"]);

    const served = await api.cdn("stories/projects/atlas");
    expect(served.status).toBe(200);
    expect(served.body.story).toMatchObject({ uuid: story.uuid, content: { body: [{ headline: "Atlas" }] } });
  });

  it("a story created without publishing is a draft only: the preview token reads it, the public one does not", async () => {
    const { data } = await api.client().stories.create({ body: { story: { name: "Notes", slug: "notes", content: page("Draft notes") } } });
    expect(data.story!).toMatchObject({ published: false, published_at: null, unpublished_changes: true });
    expect((await api.cdn("stories/notes")).status).toBe(404);
    expect((await api.cdn("stories/notes", "draft")).body.story).toMatchObject({ content: { body: [{ headline: "Draft notes" }] } });
  });

  it("an update of a published story waits as a draft; publishing it makes it the story and removes the draft file", async () => {
    const client = api.client();
    const { data } = await client.stories.create({
      body: { story: { name: "About", slug: "about", content: page("v1") }, publish: 1 } as never,
    });
    const id = data.story!.id;
    expect(data.story!.published).toBe(true);

    const updated = await client.stories.update(id, { body: { story: { content: page("v2") } } });
    expect(updated.data.story!).toMatchObject({ published: true, unpublished_changes: true, content: { body: [{ headline: "v2" }] } });
    expect(await exists(join(api.dir, "drafts/about.json"))).toBe(true);
    expect((await api.cdn("stories/about")).body.story).toMatchObject({ content: { body: [{ headline: "v1" }] } });
    expect((await api.cdn("stories/about", "draft")).body.story).toMatchObject({ content: { body: [{ headline: "v2" }] } });

    // A second unpublished update changes the same draft.
    await client.stories.update(id, { body: { story: { name: "About me", content: page("v3") } } });
    expect((await client.stories.get(id)).data.story!).toMatchObject({ name: "About me", content: { body: [{ headline: "v3" }] } });
    expect((await api.cdn("stories/about")).body.story).toMatchObject({ name: "About", content: { body: [{ headline: "v1" }] } });

    const publishedStory = await client.stories.publish(id);
    expect(publishedStory.data.story!).toMatchObject({ name: "About me", published: true, unpublished_changes: false });
    expect(await exists(join(api.dir, "drafts/about.json"))).toBe(false);
    expect((await api.cdn("stories/about")).body.story).toMatchObject({ name: "About me", content: { body: [{ headline: "v3" }] } });
  });

  it("PUT with publish: 1 (body) or ?publish=1 publishes the change at once; force_update is accepted", async () => {
    const client = api.client();
    const { data } = await client.stories.create({ body: { story: { name: "Contact", slug: "contact", content: page("a") } } });
    const byBody = await client.stories.update(data.story!.id, {
      body: { story: { content: page("b") }, publish: 1, force_update: 1 } as never,
    });
    expect(byBody.data.story!).toMatchObject({ published: true, unpublished_changes: false });
    expect((await api.cdn("stories/contact")).body.story).toMatchObject({ content: { body: [{ headline: "b" }] } });
    await client.stories.update(data.story!.id, { body: { story: { content: page("c") } }, query: { publish: true, force_update: true } });
    expect((await api.cdn("stories/contact")).body.story).toMatchObject({ content: { body: [{ headline: "c" }] } });
    expect(await exists(join(api.dir, "drafts/contact.json"))).toBe(false);
  });

  it("unpublish (GET /stories/:id/unpublish) takes a story off the public CDN and keeps its content for drafts", async () => {
    const client = api.client();
    const { data } = await client.stories.create({
      body: { story: { name: "Old", slug: "old", content: page("old") } },
      query: { publish: true },
    });
    await client.stories.update(data.story!.id, { body: { story: { content: page("pending") } } });
    const unpublished = await client.get(`/v1/spaces/${SPACE_ID}/stories/${data.story!.id}/unpublish`);
    expect(unpublished.data).toMatchObject({
      story: { published: false, published_at: null, content: { body: [{ headline: "pending" }] } },
    });
    expect((await api.cdn("stories/old")).status).toBe(404);
    expect((await api.cdn("stories/old", "draft")).body.story).toMatchObject({ content: { body: [{ headline: "pending" }] } });
    expect(await exists(join(api.dir, "drafts/old.json"))).toBe(false);
  });

  it("gets a story by id or uuid; deletes it with its files", async () => {
    const client = api.client();
    const { data } = await client.stories.create({
      body: { story: { name: "Gone", slug: "gone", content: page("x") } },
      query: { publish: true },
    });
    await client.stories.update(data.story!.id, { body: { story: { content: page("y") } } });
    expect((await client.get(`/v1/spaces/${SPACE_ID}/stories/${data.story!.uuid}`)).data).toMatchObject({ story: { id: data.story!.id } });
    const deleted = await client.stories.delete(data.story!.id);
    expect(deleted.data.story!).toMatchObject({ id: data.story!.id, full_slug: "gone" });
    expect(await exists(join(api.dir, "stories/gone.json"))).toBe(false);
    expect(await exists(join(api.dir, "drafts/gone.json"))).toBe(false);
    expect((await failure(client.stories.get(data.story!.id))).status).toBe(404);
    expect((await api.cdn("stories/gone", "draft")).status).toBe(404);
  });

  it("answers 422 for a slug taken in the same folder, a missing name, content without a component, or a parent that is no folder", async () => {
    const client = api.client();
    const taken = await failure(client.stories.create({ body: { story: { name: "Again", slug: "about", content: page("x") } } }));
    expect(taken).toEqual({ status: 422, data: { slug: ["has already been taken"] } });
    // The same slug in another folder is free.
    const projects = (await client.stories.list({ query: { with_slug: "projects", folder_only: true } })).data.stories![0]!;
    await client.stories.create({
      body: { story: { name: "About the projects", slug: "about", parent_id: projects.id, content: page("x") } },
    });

    expect((await failure(client.stories.create({ body: { story: { name: "", slug: "x", content: page("x") } } }))).data).toEqual({
      name: ["can't be blank"],
    });
    expect((await failure(client.stories.create({ body: { story: { name: "X", slug: "x", content: {} } } }))).status).toBe(422);
    const notFolder = (await client.stories.list({ query: { with_slug: "notes" } })).data.stories![0]!;
    expect(
      (await failure(client.stories.create({ body: { story: { name: "X", slug: "x", parent_id: notFolder.id, content: page("x") } } })))
        .status,
    ).toBe(422);
    expect((await api.call("POST", "stories", { name: "x" })).status).toBe(422);
  });

  it("lists with with_slug, starts_with, folder_only and story_only, rows without content", async () => {
    const list = async (query: Record<string, unknown>) =>
      (await api.client().stories.list({ query: query as never })).data.stories!.map(
        (s) => `${s.full_slug}${s.is_folder ? " (folder)" : ""}`,
      );
    expect(await list({ with_slug: "projects/atlas" })).toEqual(["projects/atlas"]);
    expect((await list({ starts_with: "projects" })).sort()).toEqual(["projects (folder)", "projects/about", "projects/atlas"]);
    expect(await list({ folder_only: true })).toEqual(["projects (folder)"]);
    expect(await list({ story_only: true, starts_with: "projects/" })).toEqual(["projects/atlas", "projects/about"]);
    const row = (await api.client().stories.list({ query: { with_slug: "projects/atlas" } })).data.stories![0]!;
    expect(row).toMatchObject({ content_type: "page", published: true });
    expect("content" in row).toBe(false);
  });

  it("renaming a folder moves the files of the stories in it", async () => {
    const client = api.client();
    const projects = (await client.stories.list({ query: { with_slug: "projects", folder_only: true } })).data.stories![0]!;
    await client.stories.update(projects.id, { body: { story: { slug: "work" } } });
    expect(await exists(join(api.dir, "stories/work/atlas.json"))).toBe(true);
    expect(await exists(join(api.dir, "stories/projects/atlas.json"))).toBe(false);
    expect((await api.cdn("stories/work/atlas")).body.story).toMatchObject({ full_slug: "work/atlas" });
    await client.stories.update(projects.id, { body: { story: { slug: "projects" } } });
  });
});

describe("paging stories", () => {
  it("pages over more than 100 stories with total and per-page", async () => {
    const api = await startManagementApi();
    try {
      const client = api.client();
      for (let i = 0; i < 105; i++)
        await client.stories.create({ body: { story: { name: `S${i}`, slug: `s${i}`, content: page(`${i}`) } } });
      const first = await client.stories.list({ query: { per_page: 100, page: 1 } });
      const second = await client.stories.list({ query: { per_page: 100, page: 2 } });
      expect(first.data.stories!).toHaveLength(100);
      expect(second.data.stories!.map((s) => s.slug)).toEqual(["s100", "s101", "s102", "s103", "s104"]);
      expect(first.response.headers.get("total")).toBe("105");
      expect((await client.stories.list()).data.stories!).toHaveLength(25);
    } finally {
      await api.close();
    }
  });
});

describe("an existing content folder", () => {
  let dir: string;
  let api: RunningManagementApi;
  beforeAll(async () => {
    dir = await tempContentDir();
    await cp(EMBEDDED_CONTENT, dir, { recursive: true });
    api = await startManagementApi(dir);
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => undefined);

  it("is the space: its stories are listed, the pending draft shows as unpublished changes", async () => {
    const { data } = await api.client().stories.list({ query: { per_page: 100, story_only: true } });
    const bySlug = new Map(data.stories!.map((s) => [s.full_slug, s]));
    expect([...bySlug.keys()].sort()).toEqual([
      "home",
      "projects/2024/atlas",
      "projects/fieldnotes",
      "projects/klei-atelier",
      "projects/ledger-lane",
      "projects/tidewater",
      "site",
    ]);
    expect(bySlug.get("projects/fieldnotes")).toMatchObject({ published: true, unpublished_changes: true });
    expect(bySlug.get("home")).toMatchObject({ published: true, unpublished_changes: false });
  });

  it("has the folders its stories' full slugs and parent ids imply, written to space/folders.json with the first change", async () => {
    const folders = (await api.client().stories.list({ query: { folder_only: true } })).data.stories!;
    expect(folders.map((f) => [f.full_slug, f.id, f.parent_id])).toEqual([
      ["projects", 512004101, 0],
      ["projects/2024", 512004102, 512004101],
    ]);
    // Reading changed nothing on disk (the folder has only the space's settings, content/space/space.json).
    expect(await exists(join(dir, "space/folders.json"))).toBe(false);
    await api.client().datasources.create({ body: { datasource: { name: "Tags", slug: "tags" } } });
    const onDisk = JSON.parse(await readFile(join(dir, "space/folders.json"), "utf8")) as { folders: { id: number }[] };
    expect(onDisk.folders.map((f) => f.id)).toEqual([512004101, 512004102]);
    const atlas = (await api.client().stories.list({ query: { with_slug: "projects/2024/atlas" } })).data.stories![0]!;
    expect(atlas.parent).toMatchObject({ id: 512004102, slug: "2024" });
    // A content-only update keeps the story where it is.
    const full = (await api.client().stories.get(atlas.id)).data.story!;
    await api.client().stories.update(atlas.id, { body: { story: { content: full.content } }, query: { publish: true } });
    expect(await exists(join(dir, "stories/projects/2024/atlas.json"))).toBe(true);
  });

  it("publishing the pending draft serves it publicly; new ids never reuse the folder's", async () => {
    const client = api.client();
    const fieldnotes = (await client.stories.list({ query: { with_slug: "projects/fieldnotes" } })).data.stories![0]!;
    // The draft as written (the CDN adds `_editable` to what it serves with version=draft).
    const draft = JSON.parse(await readFile(join(dir, "drafts/projects/fieldnotes.json"), "utf8")) as { content: unknown };
    expect(((await api.cdn("stories/projects/fieldnotes")).body.story as { content: unknown }).content).not.toEqual(draft.content);
    await client.stories.publish(fieldnotes.id);
    // In the default language, as the CDN answers without `language`: the translations (`title__i18n__nl`) are never sent.
    const inDefaultLanguage: unknown = JSON.parse(JSON.stringify(draft.content), (key, value: unknown) =>
      key.includes("__i18n__") ? undefined : value,
    );
    expect(inDefaultLanguage).not.toEqual(draft.content);
    expect(((await api.cdn("stories/projects/fieldnotes")).body.story as { content: unknown }).content).toEqual(inDefaultLanguage);
    expect(await exists(join(dir, "drafts/projects/fieldnotes.json"))).toBe(false);
    const created = await client.stories.create({ body: { story: { name: "New", slug: "new", content: page("n") } } });
    expect(created.data.story!.id).toBeGreaterThan(512004111);
  });

  it("leaves story files the CDN loads without a problem and the schema's validator accepts", async () => {
    const client = api.client();
    const home = (await client.stories.list({ query: { with_slug: "home" } })).data.stories![0]!;
    const full = (await client.stories.get(home.id)).data.story!;
    await client.stories.update(home.id, { body: { story: { name: "Home", content: full.content } } });
    await client.stories.delete((await client.stories.list({ query: { with_slug: "new" } })).data.stories![0]!.id);
    const index = await buildStoryIndex(dir);
    expect(index.problems).toEqual([]);
    expect(index.bySlug.get("home")?.draftFile).toBe("drafts/home.json");
    expect((await validateContentDirectory(dir)).problems).toEqual([]);
  });
});
