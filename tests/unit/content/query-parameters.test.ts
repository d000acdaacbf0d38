/** Every list query parameter against expected results, over HTTP on a purpose-built directory. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const stories = [
  projectStory("projects/alpha", { position: 20, name: "Alpha", created_at: "2024-03-01T00:00:00.000Z" }, { year: "2021" }),
  projectStory("projects/beta", { position: 10, name: "Beta", created_at: "2024-01-01T00:00:00.000Z" }, { year: "2023" }),
  projectStory("projects/2024/gamma", { position: 30, name: "Gamma", created_at: "2024-02-01T00:00:00.000Z" }, { year: "2024" }),
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
  const body = await (await cdn.api("stories", params)).json();
  return body.stories.map((s: { full_slug: string }) => s.full_slug);
}

const uuidOf = (slug: string) => stories.find((s) => s.full_slug === slug)!.uuid;

describe("list filters", () => {
  const cases: [string, Record<string, string>, string[]][] = [
    ["default order: position ascending", {}, ["projects/", "notes/delta", "projects/beta", "projects/alpha", "projects/2024/gamma"]],
    ["starts_with", { starts_with: "projects/" }, ["projects/", "projects/beta", "projects/alpha", "projects/2024/gamma"]],
    ["by_slugs with a wildcard", { by_slugs: "projects/*,notes/delta" }, ["projects/", "notes/delta", "projects/beta", "projects/alpha", "projects/2024/gamma"]],
    ["by_slugs exact", { by_slugs: "projects/beta" }, ["projects/beta"]],
    ["excluding_slugs", { excluding_slugs: "projects/2024/*,notes/*" }, ["projects/", "projects/beta", "projects/alpha"]],
    ["content_type", { content_type: "page" }, ["notes/delta"]],
    ["is_startpage=1", { is_startpage: "1" }, ["projects/"]],
    ["is_startpage=0", { is_startpage: "0", starts_with: "projects/" }, ["projects/beta", "projects/alpha", "projects/2024/gamma"]],
    ["sort_by a story field", { sort_by: "name:desc", starts_with: "projects/" }, ["projects/", "projects/2024/gamma", "projects/beta", "projects/alpha"]],
    ["sort_by created_at", { sort_by: "created_at:asc", content_type: "project", is_startpage: "0" }, ["projects/beta", "projects/2024/gamma", "projects/alpha"]],
    ["sort_by a content field as int", { sort_by: "content.year:desc:int", is_startpage: "0", content_type: "project" }, ["projects/2024/gamma", "projects/beta", "projects/alpha"]],
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
