import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createContentClient } from "../../../src/content/access/client";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { acceptStory } from "../../../src/content/shaping/story-contract";
import { PROJECT_QUERY } from "../../../src/content/access/story-queries";
import { LIVE_ACCEPT } from "../../../src/preview/live-accept";
import { applyInputStory } from "../../../src/preview/apply-input-story";
import { storyChanges } from "../../../src/preview/live-content";
import { makeContentDir, projectStory } from "../content/cdn-harness";

describe("local live editing", () => {
  it("a saved story file comes out of the stream and is applied as an input event would be", async () => {
    const alpha = projectStory("projects/alpha", {}, { title: "Alpha" });
    const { dir, cleanup } = await makeContentDir({ "stories/projects/alpha.json": alpha });
    const stop = new AbortController();
    try {
      // The same in-process client `next dev` uses on the embedded content.
      const queries = createContentQueries(createContentClient({ source: { kind: "local", dir, token: "local" }, checkIntervalMs: 0 }));
      const changes = storyChanges(() => queries.getProjectStory(["alpha"]), stop.signal, 20);

      const first = await changes.next();
      const shown = acceptStory(JSON.parse(String(first.value)), PROJECT_QUERY);
      expect(shown?.content.title).toBe("Alpha");

      await writeFile(
        join(dir, "stories/projects/alpha.json"),
        JSON.stringify({ ...alpha, content: { ...alpha.content, title: "Alpha, edited" } }),
      );
      const second = await changes.next();
      const applied = applyInputStory(JSON.parse(String(second.value)), shown!, LIVE_ACCEPT.project);
      expect(applied.content.title).toBe("Alpha, edited");

      stop.abort();
      expect((await changes.next()).done).toBe(true);
    } finally {
      stop.abort();
      await cleanup();
    }
  });
});
