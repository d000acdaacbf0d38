/**
 * What `migrate run --space` reads before its first write, in-process on the
 * local Management API and CDN over HTTP: the space's stories with the
 * versions each has (folders left out, in full-slug order, each in its
 * folder), the published version under a pending draft read by uuid without
 * the Visual Editor's `_editable` comments, and a refusal naming the story
 * when there is no public token to read it with; and the space's open
 * releases, which stop a run (a released one does not).
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { openReleases } from "../../../tools/migrations/space/releases";
import { NoPublishedReader, readSpaceStories, withoutEditable } from "../../../tools/migrations/space/space-stories";
import { OAUTH_TOKEN, removeDirs, SPACE_ID, startLocalSpace, type Interceptor, type LocalSpace } from "../management/space-harness";

const dirs: string[] = [];
let space: LocalSpace | undefined;
let client: ManagementClient;

afterEach(async () => {
  await space?.close();
  space = undefined;
  await removeDirs(dirs.splice(0));
});

async function start(intercept?: Interceptor): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "space-reads-"));
  dirs.push(dir);
  space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY, ...(intercept && { intercept }) });
  client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
}

const page = (title: string) => ({ component: "page", _uid: `page-${title}`, title });

async function create(story: Record<string, unknown>, publish: boolean): Promise<{ id: number; uuid: string }> {
  return (await client.stories.create({ body: { story, ...(publish ? { publish: 1 } : {}) } as never })).data.story as {
    id: number;
    uuid: string;
  };
}

describe("readSpaceStories", () => {
  it("reads each story in full-slug order with its state and versions, folders left out", async () => {
    await start();
    const folder = await create({ name: "Work", slug: "work", is_folder: true }, false);
    await create({ name: "Zeta", slug: "zeta", content: page("zeta") }, true);
    const pending = await create({ name: "Beta", slug: "beta", parent_id: folder.id, content: page("live") }, true);
    await client.stories.update(pending.id, {
      body: { story: { name: "Beta", slug: "beta", parent_id: folder.id, content: page("draft") } } as never,
    });
    await create({ name: "Alpha", slug: "alpha", content: page("never") }, false);

    const asked: string[] = [];
    const readPublished = async (uuid: string) => {
      asked.push(uuid);
      const story = (await space!.publicClient().get(`cdn/stories/${uuid}`, { version: "published", find_by: "uuid" } as never)).data
        .story as CdnStory;
      // As the CDN may answer a preview: every block with the Visual Editor's comment.
      return { ...story, content: { ...story.content, _editable: "<!--#storyblok#-->" } } as CdnStory;
    };
    const stories = await readSpaceStories(client, readPublished);
    expect(stories.map((story) => [story.fullSlug, story.state, story.name, story.slug, story.parentId])).toEqual([
      ["alpha", "draft", "Alpha", "alpha", 0],
      ["work/beta", "pending", "Beta", "beta", folder.id],
      ["zeta", "published", "Zeta", "zeta", 0],
    ]);
    const beta = stories[1]!;
    expect(asked).toEqual([pending.uuid]);
    expect([beta.id, beta.uuid]).toEqual([pending.id, pending.uuid]);
    expect(beta.working.content).toEqual(page("draft"));
    expect(beta.published!.content).toEqual(page("live"));
    expect(stories.filter((story) => story.published !== undefined).map((story) => story.fullSlug)).toEqual(["work/beta"]);
    expect(stories[0]!.working.content).toEqual(page("never"));
  });

  it("without a reader of published versions, refuses a pending story, naming it and what it needs", async () => {
    await start();
    await create({ name: "Plain", slug: "plain", content: page("plain") }, true);
    expect((await readSpaceStories(client, undefined)).map((story) => story.fullSlug)).toEqual(["plain"]);
    const pending = await create({ name: "Pending", slug: "pending", content: page("live") }, true);
    await client.stories.update(pending.id, { body: { story: { name: "Pending", slug: "pending", content: page("draft") } } as never });
    const refused = readSpaceStories(client, undefined);
    await expect(refused).rejects.toBeInstanceOf(NoPublishedReader);
    await expect(refused).rejects.toThrow(
      /^pending has unpublished changes: .*needs the space's public access token \(--public-token or STORYBLOK_TOKEN\)$/,
    );
  });
});

describe("withoutEditable", () => {
  it("drops `_editable` at any depth, in objects and in lists, and keeps everything else as it is", () => {
    const content = {
      _editable: "x",
      component: "page",
      n: 0,
      no: false,
      none: null,
      body: [{ _editable: "y", component: "a", list: [1, "two", { _editable: "z", k: "v" }] }],
    };
    expect(withoutEditable(content)).toEqual({
      component: "page",
      n: 0,
      no: false,
      none: null,
      body: [{ component: "a", list: [1, "two", { k: "v" }] }],
    });
    expect([withoutEditable(null), withoutEditable("s"), withoutEditable(3)]).toEqual([null, "s", 3]);
  });
});

describe("openReleases", () => {
  it("are none on a space without releases, and every release not yet released otherwise", async () => {
    const paths: string[] = [];
    await start(async (request, forward) => {
      paths.push(new URL(request.url).pathname);
      const answer = await forward(request);
      if (request.method !== "GET" || !new URL(request.url).pathname.endsWith("/releases")) return answer;
      // The local API keeps every release open; Storyblok marks one released once it went live.
      const body = (await answer.json()) as { releases: { name: string; released: boolean }[] };
      return Response.json({ releases: body.releases.map((release) => ({ ...release, released: release.name === "Went live" })) });
    });
    expect(await openReleases(client, SPACE_ID)).toEqual([]);
    for (const name of ["Went live", "Summer Special"]) {
      await client.post(`/v1/spaces/${SPACE_ID}/releases`, { body: { release: { name } }, throwOnError: true });
    }
    expect((await openReleases(client, SPACE_ID)).map((release) => release.name)).toEqual(["Summer Special"]);
    expect(paths.filter((path) => path.endsWith("/releases"))).toEqual([
      `/v1/spaces/${SPACE_ID}/releases`,
      `/v1/spaces/${SPACE_ID}/releases`,
      `/v1/spaces/${SPACE_ID}/releases`,
      `/v1/spaces/${SPACE_ID}/releases`,
    ]);
  });

  it("are none when the answer lists none", async () => {
    await start(async (request, forward) => (new URL(request.url).pathname.endsWith("/releases") ? Response.json({}) : forward(request)));
    expect(await openReleases(client, SPACE_ID)).toEqual([]);
  });
});
