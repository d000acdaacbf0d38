/**
 * What `space push` reads from a content folder before its first write: the
 * stories and their versions, the asset files, the folders the stories live
 * in, and the order new stories are created in. Each case builds the folder
 * or the stories it needs, so every edge is reached inside its own test.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { creationOrder } from "../../../tools/space-push/creation-order";
import { MissingAssetsError, readLocalAssets } from "../../../tools/space-push/local-assets";
import { folderOf, nameFromSlug, readLocalFolders } from "../../../tools/space-push/local-folders";
import {
  LocalContentError,
  MAX_STORY_NESTING,
  readLocalStories,
  storyVersions,
  type LocalStory,
} from "../../../tools/space-push/local-stories";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A new content folder with `files` (path → text) in it. */
async function contentWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "space-push-readers-"));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

let nextId = 1;
/** A story file's text: the fields the local CDN relies on, and `content`. */
function storyFile(fullSlug: string, content: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): string {
  const id = nextId++;
  const slug = fullSlug.slice(fullSlug.lastIndexOf("/") + 1);
  return JSON.stringify({
    id,
    uuid: `uuid-${slug}`,
    name: slug,
    slug,
    full_slug: fullSlug,
    published_at: "2025-01-01T00:00:00.000Z",
    content: { _uid: `uid-${id}`, component: "page", ...content },
    ...extra,
  });
}

/** A story as the push holds it, with only what the function under test reads. */
function story(fullSlug: string, working: Record<string, unknown> = {}): LocalStory {
  return { fullSlug, sourceUuid: fullSlug, working } as unknown as LocalStory;
}

describe("the stories", () => {
  it("each version the space will hold: a published story once, a draft once, a pending draft after the version it is over", async () => {
    const dir = await contentWith({
      "stories/live.json": storyFile("live"),
      "stories/never.json": storyFile("never", {}, { published_at: null }),
      "stories/pending.json": storyFile("pending", { title: "live" }),
      "drafts/pending.json": storyFile("pending", { title: "draft" }),
    });
    const stories = await readLocalStories(dir);
    const versions = Object.fromEntries(
      stories.map((read) => [read.fullSlug, [read.state, storyVersions(read).map((version) => version.content.title ?? "as written")]]),
    );
    expect(versions).toEqual({
      live: ["published", ["as written"]],
      never: ["draft", ["as written"]],
      pending: ["published-with-draft", ["live", "draft"]],
    });
  });

  it("a story nested deeper than it can be sent stops the push before it starts, named with its depth; one at the limit passes", async () => {
    // The story is level 1 and its content level 2: a body of `lists` nested lists makes it 2 + lists deep.
    const nestedLists = (lists: number): unknown[] => {
      let list: unknown[] = [];
      for (let level = 1; level < lists; level++) list = [list];
      return list;
    };
    const atLimit = await contentWith({ "stories/deep.json": storyFile("deep", { body: nestedLists(MAX_STORY_NESTING - 2) }) });
    expect((await readLocalStories(atLimit)).map((read) => read.fullSlug)).toEqual(["deep"]);

    const dir = await contentWith({
      "stories/ok.json": storyFile("ok"),
      "stories/deep.json": storyFile("deep", { body: nestedLists(MAX_STORY_NESTING - 1) }),
    });
    const refused = readLocalStories(dir);
    await expect(refused).rejects.toBeInstanceOf(LocalContentError);
    await expect(refused).rejects.toMatchObject({
      name: "LocalContentError",
      message: `content cannot be pushed:\n  stories/deep.json: nests ${MAX_STORY_NESTING + 1} levels deep, more than the ${MAX_STORY_NESTING} a story can be sent with; the push would stop at it halfway`,
    });
  });

  it("every file the local CDN cannot serve is named, one line each", async () => {
    const dir = await contentWith({ "stories/a.json": "{", "stories/b.json": "[]" });
    const refused = readLocalStories(dir);
    await expect(refused).rejects.toThrow(
      /^content cannot be pushed:\n {2}stories\/a\.json: not valid JSON: .+\n {2}stories\/b\.json: not a story object/,
    );
  });
});

describe("the asset files", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  /** An asset field as the content writes it. */
  const asset = (filename: string) => ({ id: null, filename, fieldtype: "asset", alt: "" });

  it("every file under assets/ in path order (as people sort), hidden files left out, each with its hash and size", async () => {
    const dir = await contentWith({
      "assets/b.svg": svg,
      "assets/B2.svg": `${svg} `,
      "assets/a.svg": svg,
      "assets/sub/c.svg": svg,
      "assets/.DS_Store": "x",
      "assets/sub/.hidden.svg": svg,
    });
    const assets = await readLocalAssets(dir, []);
    expect(assets.map(({ path, shortFilename, size }) => [path, shortFilename, size])).toEqual([
      ["/assets/a.svg", "a.svg", svg.length],
      ["/assets/b.svg", "b.svg", svg.length],
      ["/assets/B2.svg", "B2.svg", svg.length + 1],
      ["/assets/sub/c.svg", "c.svg", svg.length],
    ]);
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(assets.map((asset) => asset.sha256)).toEqual([sha256(svg), sha256(svg), sha256(`${svg} `), sha256(svg)]);
    expect(assets.map((asset) => asset.file)).toEqual(["a.svg", "b.svg", "B2.svg", "sub/c.svg"].map((name) => join(dir, "assets", name)));
  });

  it("no assets/ folder is no files; an assets/ that is not a folder is an error, not an empty list", async () => {
    expect(await readLocalAssets(await contentWith({}), [])).toEqual([]);
    const notAFolder = await contentWith({ assets: "a file" });
    await expect(readLocalAssets(notAFolder, [])).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  it("a link in assets/ is not followed, so a story using it is told the file is missing", async () => {
    const outside = await contentWith({ "secret.txt": "not an asset" });
    const dir = await contentWith({ "assets/a.svg": svg });
    await symlink(join(outside, "secret.txt"), join(dir, "assets", "secret.svg"));
    expect((await readLocalAssets(dir, [])).map((asset) => asset.path)).toEqual(["/assets/a.svg"]);
    const uses = {
      ...story("uses"),
      file: "stories/uses.json",
      working: { content: { component: "page", image: asset("/assets/secret.svg") } },
    };
    await expect(readLocalAssets(dir, [uses as unknown as LocalStory])).rejects.toBeInstanceOf(MissingAssetsError);
  });

  it("a path a story writes another way to a file that is there is found; a missing file is named once per story, with the folder", async () => {
    const dir = await contentWith({ "assets/a.svg": svg });
    const other = (content: Record<string, unknown>) =>
      ({ ...story("other"), file: "stories/other.json", working: { content: { component: "page", ...content } } }) as unknown as LocalStory;
    const found = await readLocalAssets(dir, [other({ image: asset("/assets/./a.svg") })]);
    expect(found.map((asset) => asset.path)).toEqual(["/assets/./a.svg", "/assets/a.svg"]);
    expect(found[0]!.sha256).toBe(found[1]!.sha256);

    // The published version and the draft both use the first file: one line for it.
    const missing = {
      ...other({ image: asset("/assets/gone.svg"), body: [{ component: "x", icon: asset("/assets/also-gone.svg") }] }),
      published: { content: { component: "page", image: asset("/assets/gone.svg") } },
    } as unknown as LocalStory;
    const refused = readLocalAssets(dir, [missing, { ...missing, file: "stories/second.json" } as LocalStory]);
    await expect(refused).rejects.toMatchObject({
      name: "MissingAssetsError",
      problems: [
        { file: "stories/other.json", problem: `uses asset "/assets/gone.svg", which has no file in ${join(dir, "assets")}` },
        { file: "stories/other.json", problem: `uses asset "/assets/also-gone.svg", which has no file in ${join(dir, "assets")}` },
        { file: "stories/second.json", problem: `uses asset "/assets/gone.svg", which has no file in ${join(dir, "assets")}` },
        { file: "stories/second.json", problem: `uses asset "/assets/also-gone.svg", which has no file in ${join(dir, "assets")}` },
      ],
    });
    await expect(refused).rejects.toThrow(
      `asset files are missing:\n  stories/other.json: uses asset "/assets/gone.svg", which has no file in ${join(dir, "assets")}\n`,
    );
  });
});

describe("the folders", () => {
  it("every folder a story's path passes through, parents first, then by name as people sort", async () => {
    const dir = await contentWith({});
    const read = await readLocalFolders(dir, [
      story("zeta/x/deep/item"),
      story("Beta/one"),
      story("alpha-longer-name/two"),
      story("root-story"),
    ]);
    expect(read.map((folder) => folder.fullSlug)).toEqual(["alpha-longer-name", "Beta", "zeta", "zeta/x", "zeta/x/deep"]);
    expect(read.map((folder) => [folder.slug, folder.parentSlug])).toEqual([
      ["alpha-longer-name", ""],
      ["Beta", ""],
      ["zeta", ""],
      ["x", "zeta"],
      ["deep", "zeta/x"],
    ]);
  });

  it("keeps the ids the stories give their folder as parent_id, each once, and none for a root or missing parent", async () => {
    const dir = await contentWith({});
    const read = await readLocalFolders(dir, [
      story("a/one", { parent_id: 7 }),
      story("a/two", { parent_id: 7 }),
      story("a/three", { parent_id: 9 }),
      story("b/one", { parent_id: 0 }),
      story("b/two", { parent_id: null }),
      story("b/three"),
    ]);
    expect(read.map((folder) => [folder.fullSlug, folder.sourceIds])).toEqual([
      ["a", [7, 9]],
      ["b", []],
    ]);
  });

  it("a name and position from space/folders.json, whatever the trailing slashes; else the name from the slug", async () => {
    const dir = await contentWith({
      "space/folders.json": JSON.stringify({
        folders: [
          null,
          { full_slug: "projects/", name: "Work", position: 3 },
          { full_slug: "projects/2024//", name: "The year 2024" },
          { full_slug: "case_studies", name: "   " },
          { full_slug: "notes", name: 12, position: "first" },
        ],
      }),
    });
    const read = await readLocalFolders(dir, [story("projects/2024/atlas"), story("case_studies/one"), story("notes/one")]);
    expect(read.map(({ fullSlug, name, named, position }) => ({ fullSlug, name, named, position }))).toEqual([
      { fullSlug: "case_studies", name: "Case studies", named: false, position: undefined },
      { fullSlug: "notes", name: "Notes", named: false, position: undefined },
      { fullSlug: "projects", name: "Work", named: true, position: 3 },
      { fullSlug: "projects/2024", name: "The year 2024", named: true, position: undefined },
    ]);
  });

  it("space/folders.json without a folder list names nothing; one that is not JSON stops the read, naming the file", async () => {
    for (const text of ["{}", '{"folders":{}}', '{"folders":"x"}']) {
      const dir = await contentWith({ "space/folders.json": text });
      expect((await readLocalFolders(dir, [story("a/b")])).map((folder) => folder.named)).toEqual([false]);
    }
    const broken = await contentWith({ "space/folders.json": "{ not json" });
    await expect(readLocalFolders(broken, [story("a/b")])).rejects.toThrow(new RegExp(`^${join(broken, "space", "folders.json")}: .*JSON`));
  });

  it("a story's folder, and a folder's name made from its slug", () => {
    expect([folderOf("projects/2024/atlas"), folderOf("projects/"), folderOf("home"), folderOf("a/b/")]).toEqual([
      "projects/2024",
      "projects",
      "",
      "a/b",
    ]);
    expect([nameFromSlug("case-studies"), nameFromSlug("web__apps--2024"), nameFromSlug("-x-")]).toEqual([
      "Case studies",
      "Web apps 2024",
      "X",
    ]);
  });
});

describe("the order new stories are created in", () => {
  const order = (dependencies: Record<string, string[]>, names = Object.keys(dependencies)) =>
    creationOrder(
      names.map((name) => story(name)),
      new Map(Object.entries(dependencies).map(([name, uuids]) => [name, new Set(uuids)])),
    ).map((read) => read.fullSlug);

  it("keeps the content's order where references allow; a reference to a story not being created waits for nothing", () => {
    expect(order({ a: ["in-the-space"], b: [], c: ["a"] })).toEqual(["a", "b", "c"]);
    expect(order({ a: ["c"], b: [], c: [] })).toEqual(["b", "c", "a"]);
    expect(order({}, ["x", "y"])).toEqual(["x", "y"]);
  });

  it("in a cycle, the story the most others wait for goes first; a tie goes to the one with fewer unmet references, then to the first", () => {
    // c is waited for by b and d; a and b by one each.
    expect(order({ a: ["b"], b: ["c"], c: ["a"], d: ["c"] })).toEqual(["c", "b", "a", "d"]);
    // x is waited for by two; y and z by one each, with fewer unmet references than x: the waiting decides.
    expect(order({ x: ["y", "z"], y: ["x"], z: ["x"] })).toEqual(["x", "y", "z"]);
    // p and q alike: the first.
    expect(order({ p: ["q"], q: ["p"] })).toEqual(["p", "q"]);
    // m and n each waited for by two; n has one unmet reference, m two.
    expect(order({ m: ["n", "o"], n: ["m"], o: ["n", "m"] })).toEqual(["n", "m", "o"]);
  });

  it("a story that refers to itself breaks its cycle first", () => {
    expect(order({ a: ["b"], b: ["a", "b"] })).toEqual(["b", "a"]);
  });
});
