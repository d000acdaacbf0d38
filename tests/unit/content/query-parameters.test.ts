/** Every list query parameter against expected results, over HTTP on a purpose-built directory. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const stories = [
  projectStory(
    "projects/alpha",
    { position: 20, name: "Alpha", created_at: "2024-03-01T00:00:00.000Z" },
    {
      year: "2021",
      tags: ["web", "print"],
      featured: true,
      started_on: "2021-04-01 00:00",
      body: [{ _uid: "b1", component: "text_block", summary: "nested", text: "kept" }],
    },
  ),
  projectStory(
    "projects/beta",
    { position: 10, name: "Beta", created_at: "2024-01-01T00:00:00.000Z" },
    {
      year: "2023",
      tags: ["web"],
      featured: false,
      client: "Havenlicht",
      started_on: "2023-01-15 00:00",
    },
  ),
  projectStory(
    "projects/2024/gamma",
    { position: 30, name: "Gamma", created_at: "2024-02-01T00:00:00.000Z" },
    {
      year: "2024",
      tags: [],
      client: "Polder Labs",
      started_on: "2024-06-30 12:00",
    },
  ),
  projectStory("projects/", { position: -10, name: "Projects", is_startpage: true }),
  projectStory("notes/delta", { position: 0, name: "Delta" }, { component: "page", body: [] }),
  projectStory("drafts-only/epsilon", { position: 5, name: "Epsilon", published_at: null }),
];
// "projects/" is a folder start page: its file lives at stories/projects/index-like path.
const files = storyFiles(stories.filter((s) => s.full_slug !== "projects/"));
files["stories/projects.json"] = stories[3];

let cdn: RunningCdn;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const made = await makeContentDir(files);
  cleanup = made.cleanup;
  cdn = await startCdn(made.dir);
});
afterAll(async () => {
  await cdn.close();
  await cleanup();
});

async function slugs(params: Record<string, string>): Promise<string[]> {
  // Drafts are read with the preview token, as Storyblok requires.
  const body = await (await (params.version === "draft" ? cdn.previewApi : cdn.api)("stories", params)).json();
  return body.stories.map((s: { full_slug: string }) => s.full_slug);
}

const uuidOf = (slug: string) => stories.find((s) => s.full_slug === slug)!.uuid;

describe("list filters", () => {
  const cases: [string, Record<string, string>, string[]][] = [
    ["default order: position ascending", {}, ["projects/", "notes/delta", "projects/beta", "projects/alpha", "projects/2024/gamma"]],
    ["starts_with", { starts_with: "projects/" }, ["projects/", "projects/beta", "projects/alpha", "projects/2024/gamma"]],
    [
      "by_slugs with a wildcard",
      { by_slugs: "projects/*,notes/delta" },
      ["projects/", "notes/delta", "projects/beta", "projects/alpha", "projects/2024/gamma"],
    ],
    ["by_slugs exact", { by_slugs: "projects/beta" }, ["projects/beta"]],
    ["excluding_slugs", { excluding_slugs: "projects/2024/*,notes/*" }, ["projects/", "projects/beta", "projects/alpha"]],
    ["content_type", { content_type: "page" }, ["notes/delta"]],
    ["is_startpage=1", { is_startpage: "1" }, ["projects/"]],
    ["is_startpage=0", { is_startpage: "0", starts_with: "projects/" }, ["projects/beta", "projects/alpha", "projects/2024/gamma"]],
    [
      "sort_by a story field",
      { sort_by: "name:desc", starts_with: "projects/" },
      ["projects/", "projects/2024/gamma", "projects/beta", "projects/alpha"],
    ],
    [
      "sort_by created_at",
      { sort_by: "created_at:asc", content_type: "project", is_startpage: "0" },
      ["projects/beta", "projects/2024/gamma", "projects/alpha"],
    ],
    [
      "sort_by a content field as int",
      { sort_by: "content.year:desc:int", is_startpage: "0", content_type: "project" },
      ["projects/2024/gamma", "projects/beta", "projects/alpha"],
    ],
    ["version=draft includes never-published stories", { version: "draft", starts_with: "drafts-only/" }, ["drafts-only/epsilon"]],
    ["version=published leaves them out", { starts_with: "drafts-only/" }, []],
  ];
  it.each(cases)("%s", async (_name, params, expected) => {
    expect(await slugs(params)).toEqual(expected);
  });

  it("by_uuids filters, keeping the default order", async () => {
    expect(await slugs({ by_uuids: [uuidOf("projects/2024/gamma"), uuidOf("projects/beta")].join(",") })).toEqual([
      "projects/beta",
      "projects/2024/gamma",
    ]);
  });

  it("by_uuids_ordered keeps the order the uuids were given in", async () => {
    expect(await slugs({ by_uuids_ordered: [uuidOf("projects/2024/gamma"), uuidOf("projects/beta")].join(",") })).toEqual([
      "projects/2024/gamma",
      "projects/beta",
    ]);
  });

  it("excluding_fields drops the fields from nested bloks too, keeping component and _uid", async () => {
    const body = await (await cdn.api("stories", { by_slugs: "projects/alpha", excluding_fields: "summary,component,_uid" })).json();
    const content = body.stories[0].content;
    expect(content).not.toHaveProperty("summary");
    expect(content.body).toEqual([{ _uid: "b1", component: "text_block", text: "kept" }]);
    expect(content.component).toBe("project");
  });

  it("excluding_fields drops top-level content fields", async () => {
    const body = await (await cdn.api("stories", { by_slugs: "projects/beta", excluding_fields: "summary,cover" })).json();
    expect(body.stories[0].content).not.toHaveProperty("summary");
    expect(body.stories[0].content).not.toHaveProperty("cover");
    expect(body.stories[0].content.title).toBe("Project projects/beta");
  });

  it("language is accepted and the default language served", async () => {
    expect(await slugs({ language: "default", by_slugs: "projects/beta" })).toEqual(["projects/beta"]);
  });

  it("total counts every match, not only the page", async () => {
    const response = await cdn.api("stories", { starts_with: "projects/", per_page: "2" });
    expect(response.headers.get("total")).toBe("4");
    expect(response.headers.get("per-page")).toBe("2");
  });
});

describe("filter_query", () => {
  const projectsOnly = { starts_with: "projects/", is_startpage: "0" };
  const cases: [string, Record<string, string>, string[]][] = [
    ["in", { "filter_query[year][in]": "2021,2024" }, ["projects/alpha", "projects/2024/gamma"]],
    ["not_in", { "filter_query[year][not_in]": "2021" }, ["projects/beta", "projects/2024/gamma"]],
    ["like with a wildcard", { "filter_query[client][like]": "*licht" }, ["projects/beta"]],
    ["not_like", { "filter_query[client][not_like]": "Polder*" }, ["projects/beta", "projects/alpha"]],
    ["is empty (missing counts)", { "filter_query[client][is]": "empty" }, ["projects/alpha"]],
    ["is not_empty", { "filter_query[client][is]": "not_empty" }, ["projects/beta", "projects/2024/gamma"]],
    ["is true", { "filter_query[featured][is]": "true" }, ["projects/alpha"]],
    ["is false", { "filter_query[featured][is]": "false" }, ["projects/beta"]],
    ["is empty_array", { "filter_query[tags][is]": "empty_array" }, ["projects/2024/gamma"]],
    ["is not_empty_array", { "filter_query[tags][is]": "not_empty_array" }, ["projects/beta", "projects/alpha"]],
    ["any_in_array", { "filter_query[tags][any_in_array]": "print,video" }, ["projects/alpha"]],
    ["all_in_array", { "filter_query[tags][all_in_array]": "web,print" }, ["projects/alpha"]],
    ["gt_int", { "filter_query[year][gt_int]": "2022" }, ["projects/beta", "projects/2024/gamma"]],
    ["lt_int", { "filter_query[year][lt_int]": "2023" }, ["projects/alpha"]],
    ["gt_float", { "filter_query[year][gt_float]": "2023.5" }, ["projects/2024/gamma"]],
    ["gt_date", { "filter_query[started_on][gt_date]": "2023-01-15 00:00" }, ["projects/2024/gamma"]],
    ["lt_date", { "filter_query[started_on][lt_date]": "2023-01-15 00:01" }, ["projects/beta", "projects/alpha"]],
    ["two filters: AND", { "filter_query[tags][any_in_array]": "web", "filter_query[year][gt_int]": "2022" }, ["projects/beta"]],
    [
      "__or without indices",
      { "filter_query[__or][][year][in]": "2021", "filter_query[__or][][client][like]": "Polder*" },
      ["projects/alpha", "projects/2024/gamma"],
    ],
    [
      "__or with indexed groups (each group AND)",
      {
        "filter_query[__or][0][year][in]": "2023",
        "filter_query[__or][0][featured][is]": "true",
        "filter_query[__or][1][year][in]": "2024",
      },
      ["projects/2024/gamma"],
    ],
    ["an unknown operation matches nothing", { "filter_query[year][equals]": "2021" }, []],
    ["story properties are not content fields", { "filter_query[name][in]": "Alpha" }, []],
  ];
  it.each(cases)("%s", async (_name, params, expected) => {
    expect(await slugs({ ...projectsOnly, ...params })).toEqual(expected);
  });

  it("reaches the API from storyblok-js-client's nested parameters", async () => {
    const { data } = await cdn.client().getStories({
      starts_with: "projects/",
      filter_query: { __or: [{ year: { in: "2021" } }, { client: { like: "Polder*" } }] },
    });
    expect(data.stories.map((s) => s.full_slug)).toEqual(["projects/alpha", "projects/2024/gamma"]);
  });
});
