/**
 * The space writer's cases for a story with a pending draft, on the local
 * Management API over HTTP (no limit: the limit is space-run.test.ts's):
 * the migration may change the published version only, the draft only, or
 * both, and each story must end published as migrated with its draft (as
 * migrated) pending over it, then come back as it was on undo. The
 * validator here accepts everything: validation is space-run.test.ts's.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { planSpaceRun } from "../../../tools/migrations/space/plan-space-run";
import { readSpaceStories, withoutEditable } from "../../../tools/migrations/space/space-stories";
import { undoSpaceRun, writeSpaceRun } from "../../../tools/migrations/space/write-space-run";
import { startManagementApi, type RunningManagementApi } from "../content/local-management-api/mapi-harness";
import { page, shout, teaser } from "./support/space-run-fixtures";

/** Per story: the published version, then the draft saved over it. */
const CASES = {
  "draft-only": { published: page(), draft: page(teaser("new")) },
  "published-only": { published: page(teaser("old")), draft: page() },
  both: { published: page(teaser("old")), draft: page(teaser("old"), teaser("new")) },
} as const;

let api: RunningManagementApi;
let notes: string;

async function versions(slug: string): Promise<{ published: unknown; draft: unknown }> {
  const published = await api.cdn(`stories/${slug}`);
  const draft = await api.cdn(`stories/${slug}`, "draft");
  // The preview token's answers carry the Visual Editor's _editable comments; they are not content.
  return {
    published: withoutEditable((published.body.story as CdnStory).content),
    draft: withoutEditable((draft.body.story as CdnStory).content),
  };
}

beforeAll(async () => {
  api = await startManagementApi();
  notes = await mkdtemp(join(tmpdir(), "space-write-states-"));
  const client = api.client();
  for (const [slug, { published, draft }] of Object.entries(CASES)) {
    const created = (await client.stories.create({ body: { story: { name: slug, slug, content: published }, publish: 1 } as never })).data
      .story!;
    await client.stories.update(created.id, { body: { story: { name: slug, content: draft } } as never });
  }
});

afterAll(async () => {
  await api?.close();
  await rm(notes, { recursive: true, force: true });
});

describe("a story with a pending draft, migrated on a space", () => {
  it("ends published as migrated with its migrated draft pending, whichever version the migration changed; undo puts both back", async () => {
    const client = api.client();
    const readPublished = async (uuid: string) => (await api.cdn(`stories/${uuid}?find_by=uuid`)).body.story as CdnStory;
    const stories = await readSpaceStories(client, readPublished);
    expect(stories.map((story) => [story.fullSlug, story.state])).toEqual([
      ["both", "pending"],
      ["draft-only", "pending"],
      ["published-only", "pending"],
    ]);
    const plan = planSpaceRun(stories, [shout], () => []);
    const publishedAt = async (slug: string) =>
      (await client.stories.list()).data.stories!.find((row) => row.full_slug === slug)!.published_at;
    const draftOnlyPublishedAt = await publishedAt("draft-only");
    const from = api.api.requests.length;
    const snapshotPath = join(notes, "last-run.json");
    expect(await writeSpaceRun(client, plan, { spaceId: 0, migrations: [shout.id], ran: new Date(0), snapshotPath })).toEqual({
      stories: 3,
    });

    // Only the draft changed: the published version is left alone (never republished), the draft saved.
    const saves = api.api.requests
      .slice(from)
      .filter((request) => request.method === "PUT")
      .map((request) => request.path.replace(/\/\d+$/, "/:id"));
    expect(saves).toHaveLength(5);
    expect(await publishedAt("draft-only")).toBe(draftOnlyPublishedAt);
    const shouted = (content: ReturnType<typeof page>) => ({
      ...content,
      body: content.body.map((block) => ({ ...block, headline: (block as { headline: string }).headline.toUpperCase() })),
    });
    for (const [slug, { published, draft }] of Object.entries(CASES)) {
      expect([slug, await versions(slug)]).toEqual([slug, { published: shouted(published), draft: shouted(draft) }]);
    }
    const rows = (await client.stories.list()).data.stories!;
    expect(rows.map((row) => [row.full_slug, row.published, row.unpublished_changes]).sort()).toEqual([
      ["both", true, true],
      ["draft-only", true, true],
      ["published-only", true, true],
    ]);

    expect(await undoSpaceRun(client, snapshotPath)).toMatchObject({ undone: true });
    for (const [slug, { published, draft }] of Object.entries(CASES)) {
      expect([slug, await versions(slug)]).toEqual([slug, { published, draft }]);
    }
  });
});
