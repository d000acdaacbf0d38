/**
 * The `cdn/stories` parameters issue 40 found ignored, and those it asked for besides,
 * over HTTP on a purpose-built folder: each applied as Storyblok documents it, or
 * refused with a 400 that says why when its value cannot be applied (never the
 * unfiltered list). docs/local-apis.md has the table these follow.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_CONTENT, makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const atlas = projectStory(
  "projects/2024/atlas",
  {
    name: "Atlas",
    tag_list: ["featured", "design-system"],
    first_published_at: "2024-07-01T07:30:00.000Z",
    published_at: "2025-09-30T10:12:44.903Z",
    updated_at: "2025-10-01T08:00:00.000Z",
    position: 0,
  },
  {
    title: "Atlas transit signage",
    seo: { title: "Wayfinding for the harbour" },
    year: "2024",
    body: [{ _uid: "a1", component: "text_block", text: "Signage in the harbour" }],
  },
);
const tidewater = projectStory(
  "projects/tidewater",
  {
    name: "Tidewater",
    tag_list: ["data-viz"],
    first_published_at: "2023-10-02T09:00:00.000Z",
    published_at: "2025-05-12T14:05:31.228Z",
    position: 10,
    stage: { workflow_stage_id: 77 },
  },
  {
    title: "Tidewater",
    title__i18n__nl: "Getij",
    summary: "A dashboard for a water board.",
    summary__i18n__de: "Ein Dashboard.",
    seo: { title: "Flood sensors" },
    year: "2023",
    cover: {
      id: 41,
      alt: "old alt",
      name: "",
      focus: "",
      title: "",
      filename: "/assets/x.svg",
      copyright: "",
      fieldtype: "asset",
      meta_data: {},
      is_external_url: false,
      source: "",
    },
  },
);
const ledger = projectStory(
  "projects/ledger-lane",
  {
    name: "Ledger Lane",
    tag_list: ["mobile"],
    first_published_at: "2022-11-21T10:15:00.000Z",
    published_at: "2025-03-03T11:47:02.561Z",
    position: 20,
  },
  { title: "Ledger Lane", seo: { title: "Banking app" }, year: "2022" },
);
const projects = projectStory(
  "projects/",
  { name: "Projects", is_startpage: true, position: -10, published_at: "2024-01-02T10:00:00.000Z" },
  { component: "page", body: [] },
);
const home = projectStory(
  "home",
  { name: "Home", published_at: "2024-01-02T10:00:00.000Z", position: -20 },
  { component: "page", body: [{ _uid: "h1", component: "text_block", text: "Welcome to the studio" }] },
);
const stories = [atlas, tidewater, ledger, projects, home];

let cdn: RunningCdn;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const files = storyFiles(stories.filter((s) => s !== projects));
  files["stories/projects/index.json"] = projects;
  files["space/space.json"] = {
    space: {
      name: "Filters",
      languages: [
        { code: "nl", name: "Nederlands" },
        { code: "de", name: "Deutsch" },
      ],
    },
  };
  files["space/assets.json"] = {
    assets: [
      { id: 41, alt: "Water levels rising towards a dike", title: "Tidewater cover", copyright: "© Elena Varga", upload: "finished" },
    ],
  };
  const made = await makeContentDir(files);
  cleanup = made.cleanup;
  cdn = await startCdn(made.dir);
});
afterAll(async () => {
  await cdn.close();
  await cleanup();
});

async function list(
  params: Record<string, string>,
): Promise<{ status: number; slugs: string[]; total: string | null; body: Record<string, unknown> }> {
  const response = await cdn.api("stories", params);
  const body = (await response.json()) as Record<string, unknown>;
  const slugs = Array.isArray(body.stories) ? (body.stories as { full_slug: string }[]).map((s) => s.full_slug) : [];
  return { status: response.status, slugs, total: response.headers.get("total"), body };
}

describe("the filters issue 40 found ignored, applied", () => {
  const cases: [string, Record<string, string>, string[]][] = [
    ["with_tag: stories with the tag", { with_tag: "featured" }, ["projects/2024/atlas"]],
    ["with_tag: any of several (OR)", { with_tag: "mobile,data-viz" }, ["projects/tidewater", "projects/ledger-lane"]],
    ["level=1: the root", { level: "1" }, ["home"]],
    [
      "level=2: in a top-level folder, its start page included",
      { level: "2" },
      ["projects/", "projects/tidewater", "projects/ledger-lane"],
    ],
    ["level=3", { level: "3" }, ["projects/2024/atlas"]],
    ["search_term: in the name, case-insensitive", { search_term: "LEDGER" }, ["projects/ledger-lane"]],
    ["search_term: in nested content", { search_term: "harbour" }, ["projects/2024/atlas"]],
    ["search_term: in a blok's text", { search_term: "studio" }, ["home"]],
    ["excluding_ids", { excluding_ids: `${atlas.id},${home.id}` }, ["projects/", "projects/tidewater", "projects/ledger-lane"]],
    [
      "first_published_at_gt",
      { first_published_at_gt: "2023-01-01 00:00" },
      ["home", "projects/", "projects/2024/atlas", "projects/tidewater"],
    ],
    ["first_published_at_lt", { first_published_at_lt: "2023-01-01 00:00" }, ["projects/ledger-lane"]],
    ["published_at_gt", { published_at_gt: "2025-04-01 00:00" }, ["projects/2024/atlas", "projects/tidewater"]],
    ["published_at_lt", { published_at_lt: "2025-04-01 00:00", starts_with: "projects/" }, ["projects/", "projects/ledger-lane"]],
    ["updated_at_gt: the story's updated_at, else its last publication", { updated_at_gt: "2025-09-30 11:00" }, ["projects/2024/atlas"]],
    ["updated_at_lt", { updated_at_lt: "2024-06-01 00:00" }, ["home", "projects/"]],
    ["in_workflow_stages: the stories in the stage", { in_workflow_stages: "77,78" }, ["projects/tidewater"]],
    ["in_workflow_stages: a stage no story is in", { in_workflow_stages: "1" }, []],
    ["is_startpage=1", { is_startpage: "1" }, ["projects/"]],
    [
      "is_startpage=0",
      { is_startpage: "0", starts_with: "projects/" },
      ["projects/2024/atlas", "projects/tidewater", "projects/ledger-lane"],
    ],
    [
      "sort_by a nested content field",
      { sort_by: "content.seo.title:asc", starts_with: "projects/", is_startpage: "0" },
      ["projects/ledger-lane", "projects/tidewater", "projects/2024/atlas"],
    ],
    [
      "sort_by two fields",
      { sort_by: "content.component:asc,position:desc", level: "2" },
      ["projects/", "projects/ledger-lane", "projects/tidewater"],
    ],
    [
      "sort_by a content field as int, descending",
      { sort_by: "content.year:desc:int", is_startpage: "0", starts_with: "projects/" },
      ["projects/2024/atlas", "projects/tidewater", "projects/ledger-lane"],
    ],
  ];
  it.each(cases)("%s", async (_name, params, expected) => {
    const answer = await list(params);
    expect(answer.status).toBe(200);
    expect(answer.slugs).toEqual(expected);
    expect(answer.total).toBe(String(expected.length));
  });

  it("on the embedded content, with_tag=featured is the one featured story (the issue's example answered total: 7)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "filters-content-"));
    await cp(EMBEDDED_CONTENT, dir, { recursive: true });
    const embedded = await startCdn(dir);
    try {
      const response = await embedded.api("stories", { with_tag: "featured" });
      expect(response.headers.get("total")).toBe("1");
      expect(((await response.json()) as { stories: { full_slug: string }[] }).stories.map((s) => s.full_slug)).toEqual([
        "projects/2024/atlas",
      ]);
    } finally {
      await embedded.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("values that cannot be applied are refused with a 400 that says why", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ["a date that is not one", { published_at_gt: "last tuesday" }, /published_at_gt must be a date/],
    ["a level that is not a number", { level: "top" }, /level must be a whole number/],
    ["ids that are not ids", { excluding_ids: "1,two" }, /excluding_ids must be a comma-separated list of ids/],
    ["workflow stages that are not ids", { in_workflow_stages: "review" }, /in_workflow_stages/],
    ["is_startpage neither 1 nor 0", { is_startpage: "yes" }, /is_startpage must be 1 or 0/],
    ["a sort direction", { sort_by: "name:up" }, /sort_by direction/],
    ["resolve_links", { resolve_links: "everything" }, /resolve_links must be one of/],
    ["resolve_assets", { resolve_assets: "2" }, /resolve_assets must be one of/],
  ];
  it.each(cases)("%s", async (_name, params, message) => {
    const answer = await list(params);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.stringMatching(message) });
  });
});

describe("fields left out", () => {
  it("excluding_fields drops content fields from every blok; excluding_story_fields drops story attributes", async () => {
    const { body } = await list({
      by_slugs: "projects/2024/atlas",
      excluding_fields: "seo,text",
      excluding_story_fields: "tag_list,first_published_at,id",
    });
    const [story] = body.stories as Record<string, Record<string, unknown>>[];
    expect(story!.content).not.toHaveProperty("seo");
    expect(story!.content!.body).toEqual([{ _uid: "a1", component: "text_block" }]);
    expect(story).not.toHaveProperty("tag_list");
    expect(story).not.toHaveProperty("first_published_at");
    // Identity is not excludable.
    expect(story!.id).toBe(atlas.id);
  });
});

describe("language and fallback_lang (field-level translation)", () => {
  it("a language of the space: translated fields, untranslated ones in the default, lang and the prefixed full slug", async () => {
    const { body } = await list({ by_slugs: "projects/tidewater", language: "nl" });
    const [story] = body.stories as Record<string, unknown>[];
    expect(story).toMatchObject({ lang: "nl", full_slug: "nl/projects/tidewater", default_full_slug: "projects/tidewater" });
    expect(story!.content).toMatchObject({ title: "Getij", summary: "A dashboard for a water board." });
    expect(JSON.stringify(story)).not.toContain("__i18n__");
  });

  it("fallback_lang fills what the language leaves untranslated", async () => {
    const { body } = await list({ by_slugs: "projects/tidewater", language: "nl", fallback_lang: "de" });
    expect((body.stories as { content: Record<string, unknown> }[])[0]!.content).toMatchObject({
      title: "Getij",
      summary: "Ein Dashboard.",
    });
  });

  it("the default language sends no translations; starts_with=nl/ and the path nl/… ask for the language", async () => {
    const { body } = await list({ by_slugs: "projects/tidewater" });
    expect(JSON.stringify(body)).not.toContain("__i18n__");
    expect((body.stories as { content: { title: string } }[])[0]!.content.title).toBe("Tidewater");
    const folder = await list({ starts_with: "nl/projects/tidewater" });
    expect(folder.slugs).toEqual(["nl/projects/tidewater"]);
    const one = (await (await cdn.api("stories/nl/projects/tidewater")).json()) as { story: { content: { title: string }; lang: string } };
    expect(one.story).toMatchObject({ lang: "nl", content: { title: "Getij" } });
  });

  it("starts_with=[default]/… is the default language's folder", async () => {
    const { body, slugs } = await list({ starts_with: "[default]/projects/tidewater" });
    expect(slugs).toEqual(["projects/tidewater"]);
    expect((body.stories as { content: { title: string } }[])[0]!.content.title).toBe("Tidewater");
  });

  it("a code the space does not have answers the default language", async () => {
    const { body } = await list({ by_slugs: "projects/tidewater", language: "fr" });
    expect((body.stories as Record<string, unknown>[])[0]).toMatchObject({
      full_slug: "projects/tidewater",
      content: { title: "Tidewater" },
    });
  });
});

describe("resolve_assets and resolve_links_level", () => {
  it("resolve_assets=1 gives each asset field the metadata the space holds for the asset now", async () => {
    const plain = await list({ by_slugs: "projects/tidewater" });
    expect((plain.body.stories as { content: { cover: { alt: string } } }[])[0]!.content.cover.alt).toBe("old alt");
    const resolved = await list({ by_slugs: "projects/tidewater", resolve_assets: "1" });
    expect((resolved.body.stories as { content: { cover: Record<string, unknown> } }[])[0]!.content.cover).toMatchObject({
      id: 41,
      alt: "Water levels rising towards a dike",
      copyright: "© Elena Varga",
      filename: "/assets/x.svg",
    });
  });
});
