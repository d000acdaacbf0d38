/**
 * Each related story is fetched at most once per process and content
 * version (issue 22: a build of 2,000 projects sent relation batches that
 * grew faster than its pages). Over HTTP with the real storyblok-js-client:
 * the project listing (100 a page, pages in parallel) brings its relations
 * as `rel_uuids`, which the client fetches in `by_uuids` batches.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { createRelationMemo, type RelatedStory } from "../../../src/content/access/relation-memo";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

const COUNT = 240;
/** Deterministic picks: project i relates i+1, i+7 and i+31 (mod COUNT), so every page relates stories on other pages. */
const uuids = Array.from({ length: COUNT }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
const projects = uuids.map((uuid, i) =>
  projectStory(`projects/q${i}`, { uuid }, { related: [1, 7, 31].map((step) => uuids[(i + step) % COUNT]) }),
);

let cdn: RunningCdn;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await makeContentDir(storyFiles(projects)));
  cdn = await startCdn(dir);
});
afterAll(async () => {
  await cdn.close();
  await cleanup();
});

/** Every uuid asked for in by_uuids batches since `before`, with how often, and the batches. */
function batchesSince(before: number, version = "published") {
  const batches = cdn.requests
    .slice(before)
    .filter((r) => r.url.searchParams.has("by_uuids") && r.url.searchParams.get("version") === version)
    .map((r) => (r.url.searchParams.get("by_uuids") ?? "").split(","));
  const asked = new Map<string, number>();
  for (const uuid of batches.flat()) asked.set(uuid, (asked.get(uuid) ?? 0) + 1);
  return { batches, mostAsks: Math.max(0, ...asked.values()), distinct: asked.size };
}

describe("relation batches of a published listing", () => {
  it("ask for each related story once, however many listing pages relate it", async () => {
    const queries = createContentQueries(cdn.client());
    const before = cdn.requests.length;
    const listed = await queries.listProjectStories();
    expect(listed).toHaveLength(COUNT);
    // Every relation resolved to the story, as a single-story request would.
    for (const [i, story] of listed.entries()) {
      const related = (story.content.related ?? []).map((r) => (typeof r === "string" ? r : r.full_slug));
      const index = Number(story.full_slug.slice("projects/q".length));
      expect(related, `${i}`).toEqual([1, 7, 31].map((step) => `projects/q${(index + step) % COUNT}`));
    }
    const { batches, mostAsks, distinct } = batchesSince(before);
    expect(distinct).toBe(COUNT);
    expect(mostAsks).toBe(1);
    // Three listing pages: at most ⌈240/50⌉ full batches plus one partial batch per page.
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(COUNT / 50) + 3);
  });

  it("a second listing in the same cv asks for none again; a new cv asks for each once more", async () => {
    const queries = createContentQueries(cdn.client());
    await queries.listProjectStories();
    const again = cdn.requests.length;
    // A second client of the same token shares the library's cache: a fresh query layer, same process.
    await createContentQueries(cdn.client()).listProjectStories();
    expect(batchesSince(again).batches).toHaveLength(0);

    const first = projects[0]!;
    await writeFile(
      join(dir, `stories/${first.full_slug}.json`),
      JSON.stringify({ ...first, content: { ...first.content, title: "Edited" } }),
    );
    await queries.refresh();
    const afterEdit = cdn.requests.length;
    const listed = await queries.listProjectStories();
    expect(listed.find((s) => s.full_slug === "projects/q0")?.content.title).toBe("Edited");
    // q239 relates q0: the new cv brings the edited story into its relations too.
    const relatesQ0 = listed.find((s) => s.full_slug === `projects/q${COUNT - 1}`)?.content.related?.[0];
    expect(typeof relatesQ0 === "string" ? relatesQ0 : relatesQ0?.content.title).toBe("Edited");
    const { mostAsks, distinct } = batchesSince(afterEdit);
    expect(distinct).toBe(COUNT);
    expect(mostAsks).toBe(1);
  });

  it("drafts are never kept: every draft batch asks again", async () => {
    const preview = cdn.previewClient();
    const before = cdn.requests.length;
    const batch = { by_uuids: uuids.slice(0, 3).join(","), per_page: 50, version: "draft" as const };
    await preview.getStories({ ...batch });
    const { data } = await preview.getStories({ ...batch });
    expect(data.stories).toHaveLength(3);
    expect(batchesSince(before, "draft").mostAsks).toBe(2);
  });
});

describe("createRelationMemo", () => {
  const story = (uuid: string): RelatedStory => ({ uuid, content: { title: uuid } });

  it("fetches only the missing uuids, shares one on its way, keeps absent ones, and hands out copies", async () => {
    const cv = 1;
    const memo = createRelationMemo(() => cv);
    const calls: string[][] = [];
    const fetch = async (missing: string[]) => {
      calls.push(missing);
      return { cv: 1, stories: missing.filter((u) => u !== "gone").map(story) };
    };
    const [a, b] = await Promise.all([memo.stories(["a", "b"], "s", fetch), memo.stories(["b", "c", "gone"], "s", fetch)]);
    expect(calls).toEqual([
      ["a", "b"],
      ["c", "gone"],
    ]);
    expect(a.map((s) => s.uuid)).toEqual(["a", "b"]);
    expect(b.map((s) => s.uuid)).toEqual(["b", "c"]);
    expect(a[1]).not.toBe(b[0]);
    expect(await memo.stories(["a", "gone"], "s", fetch)).toHaveLength(1);
    // Another shape (language, excluded fields) is another answer.
    await memo.stories(["a"], "other", fetch);
    expect(calls).toEqual([["a", "b"], ["c", "gone"], ["a"]]);
  });

  it.each([
    ["the cv changes", (memo: ReturnType<typeof createRelationMemo>, setCv: (cv: number) => void) => setCv(2)],
    ["the client flushes its cache", (memo: ReturnType<typeof createRelationMemo>) => memo.clear()],
  ])("asks again when %s", async (_, invalidate) => {
    let cv = 1;
    const memo = createRelationMemo(() => cv);
    let calls = 0;
    const fetch = async (missing: string[]) => (calls++, { cv, stories: missing.map(story) });
    await memo.stories(["a"], "s", fetch);
    await memo.stories(["a"], "s", fetch);
    invalidate(memo, (next) => (cv = next));
    await memo.stories(["a"], "s", fetch);
    expect(calls).toBe(2);
  });

  it("forgets a failed batch", async () => {
    const memo = createRelationMemo(() => 1);
    await expect(memo.stories(["a"], "s", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo.stories(["a"], "s", async (missing) => ({ cv: 1, stories: missing.map(story) }))).toHaveLength(1);
  });
});
