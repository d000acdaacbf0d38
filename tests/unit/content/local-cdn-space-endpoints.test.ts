/**
 * The CDN endpoints besides stories, over HTTP: `cdn/links` with folders and every
 * parameter Storyblok documents for it, `cdn/links/{uuid}`, `cdn/tags`,
 * `cdn/datasources` and `cdn/datasource_entries`, read from the files the local
 * Management API writes (space/), and `cdn/spaces/me`'s name and language codes.
 * (local-cdn-links.test.ts covers the links the site's page gate reads.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderUuid } from "../../../src/content/sources/local-cdn/space-documents";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const home = projectStory("home", { tag_list: ["front"], position: -10 }, { component: "page", body: [] });
const work = {
  id: 7001,
  uuid: "8f0c3b39-2a58-4f63-9d7f-6b1f5d2c9a01",
  name: "Work",
  slug: "work",
  full_slug: "work",
  parent_id: 0,
  position: 5,
  created_at: "2024-01-01T09:00:00.000Z",
  updated_at: "2024-02-01T09:00:00.000Z",
};
const alpha = projectStory("work/alpha", { parent_id: 7001, tag_list: ["web", "print"], path: "/alpha" });
const beta = projectStory("work/beta", { parent_id: 7001, tag_list: ["web"], published_at: null, first_published_at: null });
// Its folder is named only by the story's parent_id, as content/'s projects folder is.
const gamma = projectStory("archive/gamma", { parent_id: 7100, tag_list: ["web"] });

let cdn: RunningCdn;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const made = await makeContentDir({
    ...storyFiles([home, alpha, beta, gamma]),
    "space/folders.json": { folders: [work] },
    "space/space.json": { space: { name: "Studio", languages: [{ code: "nl", name: "Nederlands" }] } },
    "space/datasources.json": {
      datasources: [
        {
          id: 9001,
          name: "Colours",
          slug: "colours",
          dimensions: [{ id: 9010, name: "Nederlands", entry_value: "nl", datasource_id: 9001 }],
        },
        { id: 9002, name: "Sizes", slug: "sizes", dimensions: [] },
      ],
      datasource_entries: [
        { id: 9101, name: "red", value: "#f00", datasource_id: 9001, dimension_value: null, dimension_values: { "9010": "rood" } },
        { id: 9102, name: "blue", value: "#00f", datasource_id: 9001, dimension_value: null },
        { id: 9103, name: "small", value: "s", datasource_id: 9002, dimension_value: null },
      ],
    },
  });
  cleanup = made.cleanup;
  cdn = await startCdn(made.dir);
});
afterAll(async () => {
  await cdn.close();
  await cleanup();
});

async function get(path: string, params: Record<string, string> = {}, preview = false) {
  const response = await (preview ? cdn.previewApi(path, params) : cdn.api(path, params));
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

type Link = {
  slug: string;
  id: number;
  uuid: string;
  parent_id: number | null;
  is_folder: boolean;
  published: boolean;
  real_path: string;
  path: string | null;
  created_at?: string;
};
const links = async (params: Record<string, string> = {}, preview = false) =>
  Object.values((await get("links", params, preview)).body.links as Record<string, Link>);

describe("cdn/links", () => {
  it("lists folders beside the stories, whatever the version, ordered by full slug", async () => {
    const all = await links();
    expect(all.map((l) => [l.slug, l.is_folder, l.parent_id])).toEqual([
      ["archive", true, null],
      ["archive/gamma", false, 7100],
      ["home", false, null],
      ["work", true, null],
      ["work/alpha", false, 7001],
    ]);
    // A folder no file describes gets the uuid the Management API gives it.
    expect(all.find((l) => l.slug === "archive")).toMatchObject({
      id: 7100,
      uuid: folderUuid(7100),
      real_path: "/archive",
      published: false,
    });
    expect(all.find((l) => l.slug === "work/alpha")).toMatchObject({ path: "/alpha", real_path: "/alpha" });
  });

  it("version=draft lists never-published stories too, marked unpublished", async () => {
    const drafts = await links({ version: "draft" }, true);
    expect(drafts.find((l) => l.slug === "work/beta")).toMatchObject({ published: false, is_folder: false });
  });

  it("with_parent: the links directly in a folder, 0 for the top level", async () => {
    expect((await links({ with_parent: "7001" })).map((l) => l.slug)).toEqual(["work/alpha"]);
    expect((await links({ with_parent: "0" })).map((l) => l.slug)).toEqual(["archive", "home", "work"]);
  });

  it("starts_with narrows folders and stories alike; paginated is accepted, a local space is paged either way", async () => {
    expect((await links({ starts_with: "work", paginated: "1" })).map((l) => l.slug)).toEqual(["work", "work/alpha"]);
    const paged = await get("links", { per_page: "2", page: "2", paginated: "0" });
    expect(paged.headers.get("total")).toBe("5");
    expect(Object.values(paged.body.links as object).map((l: Link) => l.slug)).toEqual(["home", "work"]);
  });

  it("include_dates=1 adds the dates, a folder's from its record", async () => {
    const dated = await links({ include_dates: "1", starts_with: "work" });
    expect(dated.find((l) => l.slug === "work")).toMatchObject({
      created_at: work.created_at,
      updated_at: work.updated_at,
      published_at: null,
    });
    expect(dated.find((l) => l.slug === "work/alpha")).toMatchObject({ created_at: alpha.created_at, published_at: alpha.published_at });
    expect(Object.keys((await links({ include_dates: "0", starts_with: "work/" }))[0]!)).not.toContain("created_at");
  });

  it("a value it cannot apply is a 400 that says why", async () => {
    for (const [params, message] of [
      [{ include_dates: "yes" }, /include_dates must be 1 or 0/],
      [{ with_parent: "work" }, /with_parent must be a folder id/],
      [{ paginated: "2" }, /paginated must be 1 or 0/],
    ] as const) {
      const answer = await get("links", params);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringMatching(message) });
    }
  });

  it("cdn/links/{uuid}: one link, a folder's too; an unknown uuid is a 404", async () => {
    expect((await get(`links/${alpha.uuid}`)).body.link).toMatchObject({ slug: "work/alpha", id: alpha.id });
    expect((await get(`links/${work.uuid}`, { include_dates: "1" })).body.link).toMatchObject({
      slug: "work",
      is_folder: true,
      created_at: work.created_at,
    });
    expect((await get("links/00000000-0000-4000-a000-000000000000")).status).toBe(404);
  });
});

describe("cdn/tags", () => {
  it("each tag of the version's stories with how many carry it, by name", async () => {
    expect((await get("tags")).body.tags).toEqual([
      { name: "front", taggings_count: 1 },
      { name: "print", taggings_count: 1 },
      { name: "web", taggings_count: 2 },
    ]);
    expect((await get("tags", { version: "draft" }, true)).body.tags).toContainEqual({ name: "web", taggings_count: 3 });
  });

  it("starts_with counts the stories under a full slug only", async () => {
    expect((await get("tags", { starts_with: "archive/" })).body.tags).toEqual([{ name: "web", taggings_count: 1 }]);
  });

  it("needs a token, and the preview token for drafts", async () => {
    expect((await get("tags", { token: "nope" })).status).toBe(401);
    expect((await get("tags", { version: "draft" })).status).toBe(401);
  });
});

describe("cdn/datasources and cdn/datasource_entries", () => {
  it("lists the space's datasources with their dimensions, paged", async () => {
    const all = await get("datasources");
    expect(all.headers.get("total")).toBe("2");
    expect(all.body.datasources).toEqual([
      {
        id: 9001,
        name: "Colours",
        slug: "colours",
        dimensions: [{ id: 9010, name: "Nederlands", entry_value: "nl", datasource_id: 9001 }],
      },
      { id: 9002, name: "Sizes", slug: "sizes", dimensions: [] },
    ]);
    const page = await get("datasources", { per_page: "1", page: "2" });
    expect(page.headers.get("per-page")).toBe("1");
    expect((page.body.datasources as { slug: string }[]).map((d) => d.slug)).toEqual(["sizes"]);
    expect((await get("datasources/9002")).body.datasource).toMatchObject({ slug: "sizes" });
    expect((await get("datasources/1")).status).toBe(404);
  });

  it("datasource entries: every datasource's, or one datasource's; dimension fills dimension_value", async () => {
    expect(((await get("datasource_entries")).body.datasource_entries as { name: string }[]).map((e) => e.name)).toEqual([
      "red",
      "blue",
      "small",
    ]);
    expect((await get("datasource_entries", { datasource: "colours" })).body.datasource_entries).toEqual([
      { id: 9101, name: "red", value: "#f00", dimension_value: null },
      { id: 9102, name: "blue", value: "#00f", dimension_value: null },
    ]);
    expect((await get("datasource_entries", { datasource: "colours", dimension: "nl" })).body.datasource_entries).toEqual([
      { id: 9101, name: "red", value: "#f00", dimension_value: "rood" },
      { id: 9102, name: "blue", value: "#00f", dimension_value: null },
    ]);
    const none = await get("datasource_entries", { datasource: "no-such" });
    expect([none.status, none.body.datasource_entries, none.headers.get("total")]).toEqual([200, [], "0"]);
  });
});

describe("cdn/spaces/me", () => {
  it("the space's name and language codes, as the Management API keeps them", async () => {
    expect((await get("spaces/me")).body.space).toMatchObject({ name: "Studio", language_codes: ["nl"] });
  });
});
