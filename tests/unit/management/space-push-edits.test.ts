/**
 * `space push` overwrites and deletes nothing it was not asked to. A story
 * edited in the space since the last push (the space's own `updated_at`
 * moved past the one the journal recorded) is reported and left as the
 * space has it; `force` overwrites it. A story or an asset only the space
 * has stays: a push never deletes. The local Management API over HTTP.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { pushContent } from "../../../tools/space-push";
import { readLocalStories } from "../../../tools/space-push/local-stories";
import { createManagementSpaceApi } from "../../../tools/space-push/management-space-api";
import { emptyRequestCounts } from "../../../tools/space-push/request-counts";
import { spaceAssets, spaceStoryRows } from "./space-push-readback";
import {
  COMPONENTS,
  CONTENT,
  OAUTH_TOKEN,
  removeDirs,
  spaceWithComponents,
  SPACE_ID,
  startLocalSpace,
  type LocalSpace,
} from "./space-harness";

const dirs: string[] = [];
let space: LocalSpace;
let client: ManagementClient;
let journalPath: string;
const local = await readLocalStories(CONTENT);
const EDITED = "projects/klei-atelier";

const push = (force = false) =>
  pushContent(client, { spaceId: SPACE_ID, dir: CONTENT, componentsPath: COMPONENTS, target: space.apiUrl, journalPath, force });
const since = (from: number) => space.mapi.requests.slice(from);

async function storyIn(slug: string): Promise<{ id: number; content: CdnStory["content"] }> {
  const row = (await spaceStoryRows(client)).find((candidate) => candidate.full_slug === slug)!;
  const { data } = await client.stories.get(row.id);
  return data.story as never;
}

beforeAll(async () => {
  const dir = await spaceWithComponents();
  const notes = await mkdtemp(join(tmpdir(), "space-push-edits-"));
  dirs.push(dir, notes);
  journalPath = join(notes, "journal.json");
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
  await push();
}, 60_000);

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

describe("a story edited in the space since the last push", () => {
  let editedId: number;
  let editedContent: CdnStory["content"];

  beforeAll(async () => {
    const story = await storyIn(EDITED);
    editedId = story.id;
    const { data } = await client.stories.get(editedId);
    const current = data.story as unknown as { name: string; slug: string; parent_id: number; content: CdnStory["content"] };
    // Later than the push's last write: the local space stamps updated_at to the millisecond.
    await new Promise((resolve) => setTimeout(resolve, 20));
    editedContent = { ...current.content, summary: "Edited in the space." };
    await client.stories.update(editedId, {
      body: { story: { name: current.name, slug: current.slug, parent_id: current.parent_id, content: editedContent } } as never,
    });
  });

  it("is reported and left as the space has it: no write reaches it", async () => {
    const from = space.mapi.requests.length;
    const summary = await push();
    expect(summary.editedInSpace).toEqual([EDITED]);
    expect(summary.actions).toEqual([]);
    expect(since(from).filter((request) => request.method !== "GET")).toEqual([]);
    expect((await storyIn(EDITED)).content.summary).toBe("Edited in the space.");
  });

  it("is reported again by the next push: the journal does not learn the edit as its own", async () => {
    expect((await push()).editedInSpace).toEqual([EDITED]);
  });

  it("is overwritten with force, and then is the push's again", async () => {
    const forced = await push(true);
    expect(forced.editedInSpace).toEqual([]);
    expect(forced.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`)).toEqual([`publish story ${EDITED}`]);
    const file = local.find((story) => story.fullSlug === EDITED)!;
    expect((await storyIn(EDITED)).content.summary).toBe(file.published!.content.summary);
    const after = await push();
    expect(after.editedInSpace).toEqual([]);
    expect(after.actions).toEqual([]);
  });
});

describe("what only the space has", () => {
  it("a story and an asset the content does not have stay; the push sends no DELETE", async () => {
    const { data } = await client.stories.create({
      body: { story: { name: "Only here", slug: "only-here", content: { component: "page", _uid: "x", body: [] } } } as never,
    });
    const onlyHere = (data.story as { id: number }).id;
    const api = createManagementSpaceApi({ client, spaceId: SPACE_ID, counts: emptyRequestCounts() });
    const signed = await api.signAsset({ shortFilename: "only-here.svg", extId: "only-here" });
    await api.postAssetFile(
      signed,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') as Uint8Array<ArrayBuffer>,
      "only-here.svg",
    );
    await api.finishAsset(signed.id);

    const from = space.mapi.requests.length;
    await push();
    expect(since(from).filter((request) => request.method === "DELETE")).toEqual([]);
    expect((await spaceStoryRows(client)).map((row) => row.id)).toContain(onlyHere);
    expect((await spaceAssets(client)).map((asset) => asset.id)).toContain(signed.id);
  });
});
