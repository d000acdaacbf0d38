/**
 * What a push reads from a content folder and in what order it writes: the
 * folders the real content/ needs, its assets and their hashes, the order
 * new stories are created in, the journal.
 */
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { creationOrder } from "../../../tools/space-push/creation-order";
import { openJournal } from "../../../tools/space-push/journal";
import { MissingAssetsError, readLocalAssets } from "../../../tools/space-push/local-assets";
import { folderOf, nameFromSlug, readLocalFolders } from "../../../tools/space-push/local-folders";
import {
  LocalContentError,
  MAX_STORY_NESTING,
  nestingDepth,
  readLocalStories,
  storyVersions,
  type LocalStory,
} from "../../../tools/space-push/local-stories";
import { readStoryReferenceFields } from "../../../tools/space-push/reference-fields";
import { referencesIn } from "../../../tools/space-push/rewrite-references";
import { sameJson, storyMatches } from "../../../tools/space-push/same-story";
import type { SpaceStory } from "../../../tools/space-push/space-api";
import { stableHash } from "../../../tools/space-push/stable-hash";
import { spaceStory } from "./space-story";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CONTENT = join(ROOT, "content");
const stories = await readLocalStories(CONTENT);
const fields = await readStoryReferenceFields(join(ROOT, "schema", "components.json"));

const temporary: string[] = [];
afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));
async function copyOfContent(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "space-push-plan-"));
  temporary.push(dir);
  await cp(CONTENT, dir, { recursive: true });
  return dir;
}

describe("stories in their state", () => {
  it("reads content/: Fieldnotes has a pending draft, the rest are published", () => {
    expect(Object.fromEntries(stories.map((story) => [story.fullSlug, story.state]))).toEqual({
      home: "published",
      site: "published",
      "projects/2024/atlas": "published",
      "projects/fieldnotes": "published-with-draft",
      "projects/klei-atelier": "published",
      "projects/ledger-lane": "published",
      "projects/tidewater": "published",
    });
    const fieldnotes = stories.find((story) => story.fullSlug === "projects/fieldnotes")!;
    expect(fieldnotes.published!.content.title).not.toBe(fieldnotes.working.content.title);
  });

  it("reads a story with published_at null as never published", async () => {
    const dir = await copyOfContent();
    const file = join(dir, "stories", "projects", "klei-atelier.json");
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, "utf8")), published_at: null }));
    const klei = (await readLocalStories(dir)).find((story) => story.fullSlug === "projects/klei-atelier")!;
    expect(klei.state).toBe("draft");
    expect(klei.published).toBeNull();
  });
});

describe("stories too deep to send", () => {
  /** A story whose content nests `depth` levels in all (the story object is level 1): a chain of blocks, as a generator gone wrong writes. */
  function storyNested(story: Record<string, unknown>, depth: number): Record<string, unknown> {
    let inner: Record<string, unknown> = { component: "text", text: "bottom" };
    // story (1) > content (2) > body (3) > block (4) … : each block adds an array and an object.
    for (let level = 4; level + 2 <= depth; level += 2) inner = { component: "card_list", cards: [inner] };
    return { ...story, content: { ...(story.content as object), body: [inner] } };
  }

  it("a file nesting deeper than a request can carry stops the push before it starts, named with its depth; one at the limit is read", async () => {
    const dir = await copyOfContent();
    const file = join(dir, "stories", "projects", "ledger-lane.json");
    const original = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;

    await writeFile(file, JSON.stringify(storyNested(original, MAX_STORY_NESTING)));
    expect(nestingDepth(JSON.parse(await readFile(file, "utf8")))).toBe(MAX_STORY_NESTING);
    expect((await readLocalStories(dir)).map((story) => story.fullSlug)).toContain("projects/ledger-lane");

    await writeFile(file, JSON.stringify(storyNested(original, MAX_STORY_NESTING + 2)));
    const error = await readLocalStories(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalContentError);
    expect((error as LocalContentError).problems).toEqual([
      {
        file: "stories/projects/ledger-lane.json",
        problem: `nests ${MAX_STORY_NESTING + 2} levels deep, more than the ${MAX_STORY_NESTING} a story can be sent with; the push would stop at it halfway`,
      },
    ]);
  });

  it("counts depth without recursion, so a file deeper than the stack is measured too", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(nestingDepth(deep)).toBe(100_000);
    expect(nestingDepth("text")).toBe(0);
    expect(nestingDepth({ a: { b: [] } })).toBe(3);
  });
});

describe("folders", () => {
  it("are every folder a full slug passes through, parents first, with the ids the content gives them", async () => {
    expect(await readLocalFolders(CONTENT, stories)).toEqual([
      { fullSlug: "projects", slug: "projects", name: "Projects", named: false, parentSlug: "", sourceIds: [512004101] },
      { fullSlug: "projects/2024", slug: "2024", name: "2024", named: false, parentSlug: "projects", sourceIds: [512004102] },
    ]);
  });

  it("take the name and position a content folder that was a space's gives them", async () => {
    const dir = await copyOfContent();
    await mkdir(join(dir, "space"), { recursive: true });
    await writeFile(
      join(dir, "space", "folders.json"),
      JSON.stringify({ folders: [{ name: "Work", full_slug: "projects/", position: 5 }] }),
    );
    const folders = await readLocalFolders(dir, stories);
    expect(folders[0]).toMatchObject({ fullSlug: "projects", name: "Work", named: true, position: 5 });
    expect(folders[1]).toMatchObject({ fullSlug: "projects/2024", name: "2024", named: false });
  });

  it.each([
    ["projects/2024/atlas", "projects/2024"],
    ["home", ""],
    ["projects/", "projects"],
  ])("the folder of %s is %j", (slug, folder) => expect(folderOf(slug)).toBe(folder));

  it("name a folder from its slug as an editor would", () => {
    expect(nameFromSlug("case-studies")).toBe("Case studies");
    expect(nameFromSlug("2024")).toBe("2024");
  });
});

describe("assets", () => {
  it("are every file in content/assets, each with the SHA-256 of its bytes", async () => {
    const assets = await readLocalAssets(CONTENT, stories);
    const files = (await readdir(join(CONTENT, "assets"))).sort();
    expect(assets.map((asset) => asset.path)).toEqual(files.map((file) => `/assets/${file}`));
    for (const asset of assets) {
      const bytes = await readFile(asset.file);
      expect(asset.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(asset.size).toBe(bytes.length);
      expect(asset.shortFilename).toBe(asset.path.slice("/assets/".length));
    }
  });

  it("stop the push, naming the story, when a story uses a file that is missing", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "assets", "elena-varga-cv.pdf"));
    const error = await readLocalAssets(dir, await readLocalStories(dir)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingAssetsError);
    expect((error as MissingAssetsError).problems.map((problem) => problem.file).sort()).toEqual([
      "stories/home.json",
      "stories/site.json",
    ]);
    expect((error as Error).message).toContain('uses asset "/assets/elena-varga-cv.pdf"');
  });
});

describe("creation order", () => {
  const dependencies = new Map(
    stories.map((story) => [
      story.sourceUuid,
      new Set(storyVersions(story).flatMap((version) => [...referencesIn(version.content, fields).stories])),
    ]),
  );
  /** Stories created before all the stories they refer to exist: each needs a second write. */
  const early = (order: LocalStory[]) =>
    order.filter((story, index) =>
      [...dependencies.get(story.sourceUuid)!].some((uuid) => !order.slice(0, index).some((earlier) => earlier.sourceUuid === uuid)),
    );

  it("creates each story of content/ after the stories it refers to, except the two cycles need: home (links to itself) and one of Atlas ↔ Tidewater", () => {
    const order = creationOrder(stories, dependencies);
    expect(order.map((story) => story.fullSlug)).toEqual([
      "projects/klei-atelier",
      "home",
      "projects/tidewater",
      "projects/fieldnotes",
      "projects/2024/atlas",
      "projects/ledger-lane",
      "site",
    ]);
    expect(early(order).map((story) => story.fullSlug)).toEqual(["home", "projects/tidewater"]);
  });

  it("waits for nothing a space already has", () => {
    const missing = stories.filter((story) => story.fullSlug === "site" || story.fullSlug === "projects/tidewater");
    expect(creationOrder(missing, dependencies).map((story) => story.fullSlug)).toEqual(["projects/tidewater", "site"]);
  });
});

describe("the journal", () => {
  it("is written whole and read back for the same space and API only", async () => {
    const dir = await mkdtemp(join(tmpdir(), "space-push-journal-"));
    temporary.push(dir);
    const path = join(dir, "nested", "1.json");
    const journal = openJournal(path, "1", "http://127.0.0.1:1/v1");
    journal.data.stories.home = { id: 5, uuid: "u", workingHash: "h", updatedAt: "t" };
    journal.save();
    expect(await readdir(join(dir, "nested"))).toEqual(["1.json"]);
    expect(openJournal(path, "1", "http://127.0.0.1:1/v1").data.stories).toEqual({
      home: { id: 5, uuid: "u", workingHash: "h", updatedAt: "t" },
    });
    expect(openJournal(path, "2", "http://127.0.0.1:1/v1").data.stories).toEqual({});
    expect(openJournal(path, "1", "eu").data.stories).toEqual({});
  });

  it("is never written by a read-only (dry run) push", async () => {
    const dir = await mkdtemp(join(tmpdir(), "space-push-journal-"));
    temporary.push(dir);
    const journal = openJournal(join(dir, "1.json"), "1", "eu", { readOnly: true });
    journal.data.assets.x = { id: 1, filename: "f", finished: true };
    journal.save();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("comparing a story with the space's", () => {
  const space = (fields: Partial<SpaceStory>): SpaceStory => spaceStory(fields);

  it("ignores key order and how the space spells nothing", () => {
    expect(
      storyMatches(
        { name: "A", slug: "a", parent_id: 0, path: null, tag_list: [], content: { b: 1, a: [1, { c: 2 }] } },
        space({ parent_id: null, path: "", content: { a: [1, { c: 2 }], b: 1 } }),
      ),
    ).toBe(true);
  });

  it("sees any field that differs", () => {
    expect(storyMatches({ name: "A", slug: "a", parent_id: 0, position: 10 }, space({ position: 20 }))).toBe(false);
    expect(storyMatches({ name: "A", slug: "a", parent_id: 0, content: { a: [1, 2] } }, space({ content: { a: [2, 1] } }))).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it("hashes JSON the same whatever its key order", () => {
    expect(stableHash({ a: 1, b: [{ c: 1, d: 2 }] })).toBe(stableHash({ b: [{ d: 2, c: 1 }], a: 1 }));
    expect(stableHash({ a: 1 })).not.toBe(stableHash({ a: 2 }));
  });
});
