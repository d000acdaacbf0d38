/**
 * The space's lists that `migrate run --space` and `space push` read, in-process
 * on the local Management API over HTTP: every story past the API's first page
 * (25 by default), for the run (readSpaceStories) and for the stories a push
 * would not replace (storiesNotPushed); and a releases list the space refuses
 * to give stops the run instead of counting as no open release.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { openReleases } from "../../../tools/migrations/space/releases";
import { readSpaceStories } from "../../../tools/migrations/space/space-stories";
import { storiesNotPushed } from "../../../tools/migrations/space/stories-not-pushed";
import { OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type LocalSpace } from "../management/space-harness";

const dirs: string[] = [];
let space: LocalSpace;
let client: ManagementClient;
/** Set by a test: the releases list is refused (403). */
let refuseReleases = false;
/** More stories than the API's default page holds, in slug order. */
const SLUGS = Array.from({ length: 30 }, (_, i) => `story-${String(i).padStart(2, "0")}`);

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "space-story-lists-"));
  dirs.push(dir);
  space = await startLocalSpace(dir, {
    requestsPerSecond: Number.POSITIVE_INFINITY,
    intercept: async (request, forward) =>
      refuseReleases && new URL(request.url).pathname.endsWith("/releases")
        ? Response.json({ error: "This feature is not available on your plan" }, { status: 403 })
        : forward(request),
  });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
  for (const slug of SLUGS) {
    const content = { component: "page", _uid: `page-${slug}`, title: slug };
    await client.stories.create({ body: { story: { name: slug, slug, content }, publish: 1 } as never });
  }
});

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

describe("a space with more stories than a page holds", () => {
  it("gives the run every story", async () => {
    const stories = await readSpaceStories(client, undefined);
    expect(stories.map((story) => story.fullSlug)).toEqual(SLUGS);
    expect(stories.every((story) => story.state === "published")).toBe(true);
  });

  it("names every story a push of some of them would not replace, sorted", async () => {
    expect(await storiesNotPushed(client, SLUGS.slice(0, 5))).toEqual(SLUGS.slice(5));
    expect(await storiesNotPushed(client, SLUGS)).toEqual([]);
  });
});

describe("open releases", () => {
  it("cannot be read: the run stops rather than count none", async () => {
    refuseReleases = true;
    try {
      await expect(openReleases(client, SPACE_ID)).rejects.toThrow();
    } finally {
      refuseReleases = false;
    }
    expect(await openReleases(client, SPACE_ID)).toEqual([]);
  });
});
