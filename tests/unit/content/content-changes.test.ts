/** Edits under content/ are served without a restart, with a new cv; drafts live beside published stories. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentClient } from "../../../src/content/access/client";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const published = projectStory("projects/live", {}, { title: "Published title" });
const neverPublished = projectStory("projects/secret", { published_at: null, first_published_at: null });

let cdn: RunningCdn;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const made = await makeContentDir({
    ...storyFiles([published, neverPublished]),
    "drafts/projects/live.json": { ...published, content: { ...published.content, title: "Draft title" } },
  });
  ({ dir, cleanup } = made);
  cdn = await startCdn(dir);
});
afterAll(async () => {
  await cdn.close();
  await cleanup();
});

const title = async (params: Record<string, string> = {}) =>
  (await (await cdn.api("stories/projects/live", params)).json()).story.content.title;

describe("draft and published versions", () => {
  it("serves the drafts/ file for version=draft and the story file for published", async () => {
    expect(await title()).toBe("Published title");
    expect(await title({ version: "draft", token: cdn.previewToken })).toBe("Draft title");
  });

  it("serves a story with published_at null only as a draft", async () => {
    expect((await cdn.api("stories/projects/secret")).status).toBe(404);
    expect((await cdn.previewApi("stories/projects/secret", { version: "draft" })).status).toBe(200);
  });
});

describe("live edits", () => {
  it("serves an edited file at once, under a new cv", async () => {
    const before = await (await cdn.api("stories/projects/live")).json();
    const edited = { ...published, content: { ...published.content, title: "Edited title" } };
    await writeFile(join(dir, "stories/projects/live.json"), JSON.stringify(edited));

    const stale = await cdn.api("stories/projects/live", { cv: String(before.cv) });
    expect(stale.status).toBe(301);
    const after = await (await fetch(stale.headers.get("location")!)).json();
    expect(after.story.content.title).toBe("Edited title");
    expect(after.cv).toBeGreaterThan(before.cv);
  });

  it("serves a new file without a restart", async () => {
    const added = projectStory("projects/added");
    await writeFile(join(dir, "stories/projects/added.json"), JSON.stringify(added));
    expect((await cdn.api("stories/projects/added")).status).toBe(200);
  });

  it("refreshes the client's cached published content when the cv changes", async () => {
    const client = cdn.client();
    const first = await client.getStory("projects/live", { version: "published" });
    const cached = await client.getStory("projects/live", { version: "published" });
    expect(cached.data.story.content.title).toBe(first.data.story.content.title);
    const requestsBefore = cdn.requests.length;

    const edited = { ...published, content: { ...published.content, title: "Seen by the client" } };
    await writeFile(join(dir, "stories/projects/live.json"), JSON.stringify(edited));
    // A request for anything not cached brings the new cv (through a 301 from the old one); the client then flushes its cache.
    await client.getStories({ version: "published", per_page: 1 });
    const fresh = await client.getStory("projects/live", { version: "published" });
    expect(fresh.data.story.content.title).toBe("Seen by the client");
    expect(cdn.requests.length).toBeGreaterThan(requestsBefore + 1);
  });
});

describe("live edits through the site's queries, in-process", () => {
  it("are seen on the next query even when every answer so far came from cache", async () => {
    const queries = createContentQueries(createContentClient({ source: { kind: "local", dir, token: "local" }, checkIntervalMs: 0 }));
    const site = projectStory("site", {}, { component: "site_config", site_name: "Elena Varga" });
    await writeFile(join(dir, "stories/site.json"), JSON.stringify(site));
    expect((await queries.getSiteConfig())?.full_slug).toBe("site");
    const before = (await queries.getProjectStory(["live"]))?.content.title;
    expect(await queries.getProjectStory(["live"])).toBeTruthy(); // served from memory

    const edited = { ...published, content: { ...published.content, title: `${String(before)}, edited in place` } };
    await writeFile(join(dir, "stories/projects/live.json"), JSON.stringify(edited));
    expect((await queries.getProjectStory(["live"]))?.content.title).toBe(`${String(before)}, edited in place`);
  });
});
