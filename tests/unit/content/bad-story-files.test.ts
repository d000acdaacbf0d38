/** Broken story files are named with their problem; every other story keeps being served. */
import { afterEach, describe, expect, it } from "vitest";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";

let cdn: RunningCdn | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cdn?.close();
  await cleanup?.();
});

async function serve(files: Record<string, unknown>): Promise<RunningCdn> {
  const made = await makeContentDir(files);
  cleanup = made.cleanup;
  cdn = await startCdn(made.dir);
  return cdn;
}

describe("bad story files", () => {
  it("reports each broken file with its problem and serves the rest", async () => {
    const good = projectStory("projects/good");
    const noContentComponent = projectStory("projects/no-component", {}, { component: undefined });
    const sameSlug = projectStory("projects/good");
    const sameUuid = projectStory("projects/other", { uuid: good.uuid });
    const server = await serve({
      ...storyFiles([good]),
      "stories/projects/broken.json": '{"name": "Broken", ',
      "stories/projects/no-component.json": noContentComponent,
      "stories/projects/zz-same-slug.json": sameSlug,
      "stories/projects/zz-same-uuid.json": sameUuid,
    });

    const body = await (await server.api("stories")).json();
    expect(body.stories.map((s: { full_slug: string }) => s.full_slug)).toEqual(["projects/good"]);

    const problems = server.problems.at(-1)!;
    expect(problems).toHaveLength(4);
    expect(problems).toContainEqual({ file: "stories/projects/broken.json", problem: expect.stringMatching(/^not valid JSON/) });
    expect(problems).toContainEqual({ file: "stories/projects/no-component.json", problem: "content.component is missing" });
    expect(problems).toContainEqual({
      file: "stories/projects/zz-same-slug.json",
      problem: 'duplicate full_slug "projects/good": already used by stories/projects/good.json',
    });
    expect(problems).toContainEqual({
      file: "stories/projects/zz-same-uuid.json",
      problem: `duplicate uuid "${good.uuid}": already used by stories/projects/good.json`,
    });
  });

  it("reports a file that is JSON but not a story object", async () => {
    const server = await serve({ "stories/list.json": [1, 2, 3] });
    await server.api("stories");
    expect(server.problems.at(-1)).toEqual([
      { file: "stories/list.json", problem: 'not a story object (expected the object the CDN returns under "story")' },
    ]);
  });

  it("serves an empty list when the directory has no stories", async () => {
    const server = await serve({});
    const response = await server.api("stories");
    expect(response.status).toBe(200);
    expect((await response.json()).stories).toEqual([]);
    expect(response.headers.get("total")).toBe("0");
  });
});
