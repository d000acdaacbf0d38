/**
 * space push's folders on a space that already has some, in-process on the
 * local Management API over HTTP: a folder is matched by full slug and kept
 * as the space has it (an editor's name, its position) unless the content
 * names it otherwise, and a story where a folder must be, or a folder where
 * a story must be, stops the push before it writes there.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AnsweredRequest } from "../../../tools/local-management-api/request-log";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { pushContent, SpacePushError } from "../../../tools/space-push";
import { spaceStoryRows } from "./space-push-readback";
import { COMPONENTS, isWrite, OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "./space-harness";

const dirs: string[] = [];
let space: LocalSpace | undefined;
let client: ManagementClient;

afterEach(async () => {
  await space?.close();
  space = undefined;
  await removeDirs(dirs.splice(0));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A content folder with `work/a` and `work/sub/b`, and `space/folders.json` when `named` is given. */
async function content(named?: object[]): Promise<string> {
  const dir = await tempDir("space-push-folders-content-");
  await mkdir(join(dir, "stories", "work", "sub"), { recursive: true });
  let id = 100;
  for (const fullSlug of ["work/a", "work/sub/b"]) {
    const slug = fullSlug.split("/").at(-1)!;
    const story = {
      id: ++id,
      uuid: `00000000-0000-4000-8000-0000000000${id}`,
      name: slug.toUpperCase(),
      slug,
      full_slug: fullSlug,
      published_at: "2026-01-01T00:00:00.000Z",
      content: { _uid: slug, component: "page" },
    };
    await writeFile(join(dir, "stories", `${fullSlug}.json`), JSON.stringify(story));
  }
  if (named) {
    await mkdir(join(dir, "space"));
    await writeFile(join(dir, "space", "folders.json"), JSON.stringify({ folders: named }));
  }
  return dir;
}

async function start(): Promise<void> {
  space = await startLocalSpace(await tempDir("space-push-folders-space-"), { requestsPerSecond: Number.POSITIVE_INFINITY });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
}

async function createFolder(name: string, slug: string, position?: number): Promise<number> {
  const { data } = await client.stories.create({
    body: { story: { name, slug, is_folder: true, ...(position === undefined ? {} : { position }) } } as never,
  });
  return data.story!.id;
}

/** The push, its writes, and the PUTs to the folder the test made (`folderId`). */
async function push(dir: string, folderId: number) {
  const from = space!.mapi.requests.length;
  const summary = await pushContent(client, { spaceId: SPACE_ID, dir, componentsPath: COMPONENTS, target: space!.apiUrl });
  const writes = space!.mapi.requests.slice(from).filter(isWrite);
  return {
    summary,
    writes,
    folderWrites: writes.filter((request: AnsweredRequest) => request.method === "PUT" && request.path.endsWith(`/stories/${folderId}`)),
  };
}

/** A folder as the space lists it, with the name and position the shared row type leaves out. */
const folderRow = async (slug: string) =>
  (await spaceStoryRows(client)).find((row) => row.is_folder && row.full_slug.replace(/\/$/, "") === slug) as unknown as {
    id: number;
    name: string;
    position: number;
  };

describe("a folder the space already has", () => {
  it("is kept as the space has it when the content does not name it: an editor's name and position stay, and its stories go in it", async () => {
    await start();
    const folderId = await createFolder("Our work", "work", 3);
    const { summary, folderWrites } = await push(await content(), folderId);
    expect(summary.folders).toEqual({ created: 1, updated: 0, unchanged: 1 });
    expect(folderWrites).toEqual([]);
    expect(summary.actions.filter((action) => action.kind === "folder")).toEqual([{ kind: "folder", verb: "create", name: "work/sub" }]);
    const row = await folderRow("work");
    expect([row.id, row.name, row.position]).toEqual([folderId, "Our work", 3]);
    const rows = await spaceStoryRows(client);
    const sub = rows.find((candidate) => candidate.full_slug.replace(/\/$/, "") === "work/sub")!;
    expect(rows.filter((candidate) => !candidate.is_folder).map((candidate) => [candidate.full_slug, candidate.parent_id])).toEqual(
      expect.arrayContaining([
        ["work/a", folderId],
        ["work/sub/b", sub.id],
      ]),
    );
    expect(sub.parent_id).toBe(folderId);
  });

  it("is renamed and moved to the content's position when the content names it otherwise, and counted as updated", async () => {
    await start();
    const folderId = await createFolder("Our work", "work", 3);
    const { summary, folderWrites } = await push(await content([{ name: "Work", full_slug: "work/", position: 7 }]), folderId);
    expect(summary.folders).toEqual({ created: 1, updated: 1, unchanged: 0 });
    expect(folderWrites).toHaveLength(1);
    expect(summary.actions.filter((action) => action.kind === "folder")).toEqual([
      { kind: "folder", verb: "update", name: "work" },
      { kind: "folder", verb: "create", name: "work/sub" },
    ]);
    const row = await folderRow("work");
    expect([row.id, row.name, row.position]).toEqual([folderId, "Work", 7]);
  });

  it("named the same, at the same position, is left alone", async () => {
    await start();
    const folderId = await createFolder("Work", "work", 7);
    const { summary, folderWrites } = await push(await content([{ name: "Work", full_slug: "work", position: 7 }]), folderId);
    expect(summary.folders).toEqual({ created: 1, updated: 0, unchanged: 1 });
    expect(folderWrites).toEqual([]);
  });

  it("named the same at another position is moved, keeping its name", async () => {
    await start();
    const folderId = await createFolder("Work", "work", 2);
    const { summary, folderWrites } = await push(await content([{ name: "Work", full_slug: "work", position: 9 }]), folderId);
    expect([summary.folders.updated, folderWrites.length]).toEqual([1, 1]);
    const row = await folderRow("work");
    expect([row.name, row.position]).toEqual(["Work", 9]);
  });
});

describe("a full slug the space uses otherwise", () => {
  it("a story where the content has a folder stops the push before any write, naming it", async () => {
    await start();
    await client.stories.create({ body: { story: { name: "Work", slug: "work", content: { _uid: "w", component: "page" } } } as never });
    const from = space!.mapi.requests.length;
    const error = await pushContent(client, {
      spaceId: SPACE_ID,
      dir: await content(),
      componentsPath: COMPONENTS,
      target: space!.apiUrl,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpacePushError);
    expect((error as Error).message).toBe('folder "work": the space has a story, not a folder, at that full slug; move or rename it first');
    expect(space!.mapi.requests.slice(from).filter(isWrite)).toEqual([]);
  });

  it("a folder where the content has a story stops the push at that story, naming it", async () => {
    await start();
    const work = await createFolder("Work", "work");
    await client.stories.create({ body: { story: { name: "A", slug: "a", parent_id: work, is_folder: true } } as never });
    const error = await pushContent(client, {
      spaceId: SPACE_ID,
      dir: await content(),
      componentsPath: COMPONENTS,
      target: space!.apiUrl,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpacePushError);
    expect((error as Error).message).toBe('story "work/a": the space has a folder at that full slug');
    expect((await spaceStoryRows(client)).filter((row) => !row.is_folder)).toEqual([]);
  });
});
