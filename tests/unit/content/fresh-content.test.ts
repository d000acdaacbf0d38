/**
 * A page regenerated after a publish reads the new story: the process's
 * remembered cv (and every answer cached under it) gives way to the latest
 * one, learned from `cdn/spaces/me` over HTTP, through the real client.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { ContentRequestError } from "../../../src/content/access/content-errors";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const live = projectStory("projects/live", {}, { title: "First title" });
const other = projectStory("projects/other");

let cdn: RunningCdn;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await makeContentDir(storyFiles([live, other])));
  cdn = await startCdn(dir);
});
afterAll(async () => {
  await cdn.close();
  await cleanup();
});

const retitle = (title: string) =>
  writeFile(join(dir, "stories/projects/live.json"), JSON.stringify({ ...live, content: { ...live.content, title } }));

describe("cdn/spaces/me on the local content API", () => {
  it("answers the current cv as space.version, whatever cv is asked for", async () => {
    const stories = await (await cdn.api("stories")).json();
    const space = await (await cdn.api("spaces/me", { cv: "1" })).json();
    expect(space.space.version).toBe(stories.cv);
  });

  it("answers a new version as soon as a story file changes", async () => {
    const before = (await (await cdn.api("spaces/me")).json()).space.version;
    await retitle("Changed for spaces/me");
    const after = (await (await cdn.api("spaces/me")).json()).space.version;
    expect(after).toBeGreaterThan(before);
  });
});

describe("refresh before a regeneration", () => {
  it("without it the process keeps serving the cached story; with it the next query reads the new one", async () => {
    await retitle("Before publish");
    const queries = createContentQueries(cdn.client());
    await queries.refresh();
    expect((await queries.getProjectStory(["live"]))?.content.title).toBe("Before publish");

    await retitle("After publish");
    // The problem being solved: nothing tells this process that the content changed.
    expect((await queries.getProjectStory(["live"]))?.content.title).toBe("Before publish");

    await queries.refresh();
    expect((await queries.getProjectStory(["live"]))?.content.title).toBe("After publish");
  });

  it("reads a story deleted since the last version as gone", async () => {
    const queries = createContentQueries(cdn.client());
    await queries.refresh();
    expect(await queries.getProjectStory(["other"])).not.toBeNull();
    await rm(join(dir, "stories/projects/other.json"));
    await queries.refresh();
    expect(await queries.getProjectStory(["other"])).toBeNull();
  });

  it("rejects with the API's status when the content API fails, and the cached story is not replaced", async () => {
    const queries = createContentQueries(cdn.client());
    await queries.refresh();
    const before = (await queries.getProjectStory(["live"]))?.content.title;
    cdn.faults.inject({ kind: "status", status: 503 });
    const failure = await queries.refresh().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentRequestError);
    expect((failure as ContentRequestError).status).toBe(503);
    expect((await queries.getProjectStory(["live"]))?.content.title).toBe(before);
  });

  it("in-process over the embedded files, refresh sees an edit made a moment ago", async () => {
    const { createContentClient } = await import("../../../src/content/access/client");
    const local = createContentQueries(
      createContentClient({ source: { kind: "local", dir, token: "fresh-in-process" }, checkIntervalMs: 60_000 }),
    );
    await local.refresh();
    await retitle("Local before");
    await local.refresh();
    expect((await local.getProjectStory(["live"]))?.content.title).toBe("Local before");
    await retitle("Local after");
    // Within the check interval the files are not looked at again, unless asked for the latest version.
    expect((await local.getProjectStory(["live"]))?.content.title).toBe("Local before");
    await local.refresh();
    expect((await local.getProjectStory(["live"]))?.content.title).toBe("Local after");
  });
});
