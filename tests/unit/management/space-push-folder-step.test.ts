/**
 * Step 1 of `space push`, the folders (`pushFolders`), against a space kept
 * in memory that records every write; and the push as a whole over such a
 * space (`pushContentTo`): the summary it starts, the journal it keeps
 * without a file, each write reported, and a folder the space lists with
 * trailing slashes matched.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { withDryRunWrites } from "../../../tools/space-push/dry-run-writes";
import type { LocalFolder } from "../../../tools/space-push/local-folders";
import { pushContent, pushContentTo } from "../../../tools/space-push/push-content";
import { pushFolders } from "../../../tools/space-push/push-folders";
import type { PushAction } from "../../../tools/space-push/push-summary";
import type { SpaceApi, SpaceStorySummary, StoryBody } from "../../../tools/space-push/space-api";
import { SPACE_ID, startManagementApi } from "../content/local-management-api/mapi-harness";
import { importWithCrashAt } from "../../support/crash-in-process";
import { pushContextInMemory } from "./push-context-in-memory";
import { COMPONENTS } from "./space-harness";
import { spaceStory } from "./space-story";

const folder = (fullSlug: string, extra: Partial<LocalFolder> = {}): LocalFolder => {
  const at = fullSlug.lastIndexOf("/");
  return {
    fullSlug,
    slug: fullSlug.slice(at + 1),
    name: `Named ${fullSlug}`,
    named: false,
    parentSlug: at === -1 ? "" : fullSlug.slice(0, at),
    sourceIds: [],
    ...extra,
  };
};

function space(listed: SpaceStorySummary[] = [], fail?: string) {
  const writes: [string, number | undefined, StoryBody, boolean][] = [];
  let nextId = 50;
  const api = {
    createStory: async (body: StoryBody, publish: boolean) => {
      if (fail === "create") throw new Error("answered 422");
      writes.push(["create", undefined, body, publish]);
      const id = nextId++;
      return spaceStory({ id, uuid: `f-${id}`, full_slug: body.slug, is_folder: true });
    },
    updateStory: async (id: number, body: StoryBody, publish: boolean) => {
      if (fail === "update") throw new Error("answered 422");
      writes.push(["update", id, body, publish]);
      return spaceStory({ id, is_folder: true });
    },
  } as unknown as SpaceApi;
  const { context, data, saves } = pushContextInMemory(api, { spaceStories: listed });
  return { context, writes, data, saves, run: (folders: readonly LocalFolder[]) => pushFolders(context, folders) };
}

const inSpace = (fullSlug: string, extra: Record<string, unknown> = {}) =>
  spaceStory({ id: 7, uuid: "f-7", full_slug: fullSlug, is_folder: true, name: "In the space", parent_id: 0, ...extra });

describe("the folders", () => {
  it("creates each folder unpublished, under its parent's new id, with a position only when it has one, journalled as it goes", async () => {
    const pushed = space();
    await pushed.run([folder("work", { position: 2, sourceIds: [11, 12] }), folder("work/2024")]);
    expect(pushed.writes).toEqual([
      ["create", undefined, { name: "Named work", slug: "work", parent_id: 0, is_folder: true, position: 2 }, false],
      ["create", undefined, { name: "Named work/2024", slug: "2024", parent_id: 50, is_folder: true }, false],
    ]);
    expect(Object.keys(pushed.writes[1]![2])).not.toContain("position");
    expect(pushed.data.folders).toEqual({ work: { id: 50, uuid: "f-50" }, "work/2024": { id: 51, uuid: "f-51" } });
    expect(pushed.saves()).toBe(2);
    expect([...pushed.context.folderSlugBySourceId]).toEqual([
      [11, "work"],
      [12, "work"],
    ]);
    expect(pushed.context.summary.folders).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(pushed.context.summary.actions.map((action: PushAction) => `${action.verb} ${action.name}`)).toEqual([
      "create work",
      "create work/2024",
    ]);
  });

  it("refuses a folder whose parent was not pushed before it, and a story where a folder goes", async () => {
    await expect(space().run([folder("a/b")])).rejects.toThrow(new Error('folder "a/b": its parent "a" was not pushed first'));
    await expect(space([inSpace("a", { is_folder: false })]).run([folder("a")])).rejects.toMatchObject({
      name: "SpacePushError",
      message: 'folder "a": the space has a story, not a folder, at that full slug; move or rename it first',
    });
  });

  it("names a failed write by its folder", async () => {
    await expect(space([], "create").run([folder("a")])).rejects.toThrow(/^creating folder "a": answered 422/);
    await expect(space([inSpace("a", { parent_id: 3 })], "update").run([folder("a")])).rejects.toThrow(
      /^updating folder "a": answered 422/,
    );
  });

  it("keeps a folder the space has as it is: its own name and position, a null parent as the root", async () => {
    const pushed = space([inSpace("a", { parent_id: null, position: 9 })]);
    await pushed.run([folder("a", { position: 1 })]);
    expect(pushed.writes).toEqual([]);
    expect(pushed.context.summary.folders).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(pushed.data.folders).toEqual({ a: { id: 7, uuid: "f-7" } });
    expect([...pushed.context.folders]).toEqual([["a", { id: 7, uuid: "f-7" }]]);
  });

  it("moves one under the wrong parent, keeping the space's name when the content names none", async () => {
    const pushed = space([inSpace("a", { parent_id: 3 })]);
    await pushed.run([folder("a")]);
    expect(pushed.writes).toEqual([["update", 7, { name: "In the space", slug: "a", parent_id: 0, is_folder: true }, false]]);
    expect(pushed.context.summary.folders).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(pushed.context.summary.actions).toEqual([{ kind: "folder", verb: "update", name: "a" }]);
    // A space's folder without a name takes the content's.
    const nameless = space([{ ...inSpace("a", { parent_id: 3 }), name: undefined } as unknown as SpaceStorySummary]);
    await nameless.run([folder("a")]);
    expect(nameless.writes[0]![2].name).toBe("Named a");
  });

  it("renames or repositions one the content names, when the space's name or position differs", async () => {
    const renamed = space([inSpace("a")]);
    await renamed.run([folder("a", { named: true })]);
    expect(renamed.writes).toEqual([["update", 7, { name: "Named a", slug: "a", parent_id: 0, is_folder: true }, false]]);

    const moved = space([inSpace("a", { name: "Named a", position: 4 })]);
    await moved.run([folder("a", { named: true, position: 1 })]);
    expect(moved.writes).toEqual([["update", 7, { name: "Named a", slug: "a", parent_id: 0, is_folder: true, position: 1 }, false]]);

    for (const [existing, local] of [
      [{ name: "Named a", position: 4 }, { position: undefined }],
      [{ name: "Named a" }, { position: 1 }],
      [{ name: "Named a", position: 1 }, { position: 1 }],
    ] as const) {
      const same = space([inSpace("a", existing)]);
      await same.run([folder("a", { named: true, ...local })]);
      expect(same.writes, JSON.stringify([existing, local])).toEqual([]);
    }
    // A space's folder listed without a name is not renamed for that.
    const listedNameless = space([{ ...inSpace("a"), name: undefined } as unknown as SpaceStorySummary]);
    await listedNameless.run([folder("a", { named: true })]);
    expect(listedNameless.writes).toEqual([]);
    const unnamedElsewhere = space([inSpace("a", { name: "Other", position: 4 })]);
    await unnamedElsewhere.run([folder("a", { position: 1 })]);
    expect(unnamedElsewhere.writes).toEqual([]);
  });
});

describe("the push over a space", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  async function content(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), "space-push-content-"));
    dirs.push(dir);
    await mkdir(join(dir, "stories", "work"), { recursive: true });
    const story = {
      id: 1,
      uuid: "s-1",
      name: "One",
      slug: "one",
      full_slug: "work/one",
      published_at: null,
      content: { _uid: "u", component: "page" },
    };
    await writeFile(join(dir, "stories", "work", "one.json"), JSON.stringify(story));
    return dir;
  }

  const reads = (listed: SpaceStorySummary[]) => ({
    listStories: async () => listed,
    getStory: async () => {
      throw new Error("no story to read");
    },
    listAssets: async () => [],
  });

  it("reports each write as it is made, times itself, and keeps no journal file without a path", async () => {
    const dir = await content();
    const actions: string[] = [];
    const before = performance.now();
    const summary = await pushContentTo(withDryRunWrites(reads([])), {
      spaceId: 1,
      dir,
      componentsPath: COMPONENTS,
      target: "t",
      onAction: (action) => actions.push(`${action.verb} ${action.kind} ${action.name}`),
    });
    expect(summary.dryRun).toBe(false);
    expect(actions).toEqual(["create folder work", "create story work/one"]);
    const took = performance.now() - before;
    expect(summary.elapsedMs).toBeGreaterThan(0);
    expect(summary.elapsedMs).toBeLessThanOrEqual(took);
    expect(
      (await pushContentTo(withDryRunWrites(reads([])), { spaceId: 1, dir, componentsPath: COMPONENTS, target: "t", dryRun: true })).dryRun,
    ).toBe(true);
  });

  it("through the Management API: a dry run reads the space and writes nothing", async () => {
    const dir = await content();
    const running = await startManagementApi();
    try {
      const summary = await pushContent(running.client(), {
        spaceId: SPACE_ID,
        dir,
        componentsPath: COMPONENTS,
        target: "t",
        dryRun: true,
      });
      expect(summary.dryRun).toBe(true);
      expect(summary.requests.writes).toBe(0);
      expect(summary.stories.created).toBe(1);
      expect(running.api.requests.filter((request) => request.method !== "GET")).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it("through the Management API: a push that is no dry run writes, and says so", async () => {
    const dir = await content();
    const running = await startManagementApi();
    try {
      const summary = await pushContent(running.client(), { spaceId: SPACE_ID, dir, componentsPath: COMPONENTS, target: "t" });
      expect(summary.dryRun).toBe(false);
      expect(summary.requests.writes).toBe(2);
    } finally {
      await running.close();
    }
  });

  it("names a failed listing of the space's stories", async () => {
    const dir = await content();
    const failing = { ...reads([]), listStories: () => Promise.reject(new Error("answered 503")) };
    await expect(pushContentTo(withDryRunWrites(failing), { spaceId: 1, dir, componentsPath: COMPONENTS, target: "t" })).rejects.toThrow(
      /^listing the space's stories: answered 503/,
    );
  });

  it("matches a folder the space lists with trailing slashes", async () => {
    const dir = await content();
    const listed = { ...inSpace("work//"), name: "Work", slug: "work" } as SpaceStorySummary;
    const summary = await pushContentTo(withDryRunWrites(reads([listed])), { spaceId: 1, dir, componentsPath: COMPONENTS, target: "t" });
    expect(summary.folders).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });
});

describe("a crash right after a folder is created", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("leaves the folder in the space and the journal without it", async () => {
    const pushed = space();
    const { pushFolders: pushFoldersAfresh } = await importWithCrashAt(
      "space-push:after-folder",
      () => import("../../../tools/space-push/push-folders"),
    );
    await expect(pushFoldersAfresh(pushed.context, [folder("work")])).rejects.toThrow("crashed at space-push:after-folder");
    expect(pushed.writes.map(([verb, , body]) => `${verb} ${body.slug}`)).toEqual(["create work"]);
    expect(pushed.data.folders).toEqual({});
    expect(pushed.saves()).toBe(0);
  });
});
