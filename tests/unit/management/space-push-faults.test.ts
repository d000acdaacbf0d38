/**
 * `space push` when a story write fails, for every status Storyblok
 * documents, against the local Management API over HTTP with a failure
 * planted in front of it: either the write is refused (answered with the
 * status, never carried out) or it is carried out and its answer lost to a
 * 5xx (a gateway timing out on a write the space made). Each time the push
 * stops, naming the story, the failing write reached the server once (a
 * 429 twice, and then the push goes on), and the journal names only what
 * the space holds. One push after another on the same space, each resuming
 * the last, ends as one uninterrupted push does: every story once, in its
 * state, every asset once.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushContent, SpacePushError } from "../../../tools/space-push";
import { readLocalStories } from "../../../tools/space-push/local-stories";
import { readStoryReferenceFields } from "../../../tools/space-push/reference-fields";
import { cdnStories, expectJournalTrue, expectSpaceHolds, spaceAssets, spaceStoryRows } from "./space-push-readback";
import { createManagementClient } from "../../../tools/management-api/management-client";
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

type Fault = { status: number; applied: boolean };
/** A planted failure as it goes: the request it hit, how often that request arrived, and whether another came since (no more retries). */
type Planted = Fault & { arrivals: number; path?: string; passed?: boolean };

const dirs: string[] = [];
let space: LocalSpace;
let journalPath: string;
/** The planted failure for the next story write, and how often that write arrived. */
let fault: Planted | undefined;
const local = await readLocalStories(CONTENT);
const fields = await readStoryReferenceFields(COMPONENTS);

// No rate limit at either end: the pushes here test what fails, not pacing.
const client = () => createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
const push = () =>
  pushContent(client(), {
    spaceId: SPACE_ID,
    dir: CONTENT,
    componentsPath: COMPONENTS,
    target: space.apiUrl,
    journalPath,
  });

/** A story (not folder) write: POST or PUT under /stories. */
async function isStoryWrite(request: Request): Promise<boolean> {
  if (!/\/v1\/spaces\/\d+\/stories(\/\d+)?$/.test(new URL(request.url).pathname)) return false;
  if (request.method !== "POST" && request.method !== "PUT") return false;
  const body = (await request.clone().json()) as { story?: { is_folder?: boolean } };
  return body.story?.is_folder !== true;
}

beforeAll(async () => {
  const dir = await spaceWithComponents();
  const notes = await mkdtemp(join(tmpdir(), "space-push-faults-"));
  dirs.push(dir, notes);
  journalPath = join(notes, "journal.json");
  space = await startLocalSpace(dir, {
    requestsPerSecond: Number.POSITIVE_INFINITY,
    intercept: async (request, forward) => {
      const planted = fault;
      if (planted === undefined || planted.passed === true) return forward(request);
      const path = `${request.method} ${new URL(request.url).pathname} ${await request.clone().text()}`;
      // The first story write of the push, and its retries: the client sends nothing else until it gives up.
      if (planted.path !== undefined && planted.path !== path) planted.passed = true;
      if (planted.passed === true || (planted.path === undefined && !(await isStoryWrite(request)))) return forward(request);
      planted.path = path;
      planted.arrivals++;
      if (planted.arrivals > 1) return forward(request);
      if (planted.applied) await forward(request);
      return new Response(JSON.stringify({ error: `planted ${planted.status}` }), {
        status: planted.status,
        headers: { "content-type": "application/json", ...(planted.status === 429 ? { "retry-after": "0" } : {}) },
      });
    },
  });
}, 120_000);

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

// Carried out, then answered with a 5xx: each push gets one write further. Then refused: no push gets further.
const CARRIED_OUT: Fault[] = [500, 502, 503, 504].map((status) => ({ status, applied: true }));
const REFUSED: Fault[] = [400, 401, 403, 404, 406, 409, 422, 423, 500, 502, 503, 504].map((status) => ({ status, applied: false }));

describe("a story write that fails", () => {
  it.each([...CARRIED_OUT, ...REFUSED])(
    "with $status (carried out: $applied) stops the push naming the story; it arrived once; the journal holds only what the space does",
    async (planted) => {
      fault = { ...planted, arrivals: 0 };
      const failure = await push().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(SpacePushError);
      expect((failure as SpacePushError).status).toBe(planted.status);
      expect((failure as SpacePushError).message).toMatch(/^(creating|publishing|updating) story "[^"]+": /);
      expect(fault.arrivals).toBe(1);
      fault = undefined;
      await expectJournalTrue(journalPath, client());
    },
  );

  it("with 429 is sent again, arriving twice, and the push goes on to the end", async () => {
    fault = { status: 429, applied: false, arrivals: 0 };
    await push();
    expect(fault.arrivals).toBe(2);
    fault = undefined;
    await expectJournalTrue(journalPath, client());
  });

  it("leaves, after all those pushes, the space an uninterrupted push makes: each story once in its state, each asset once; one more push writes nothing", async () => {
    const again = await push();
    expect(again.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`)).toEqual([]);
    const rows = await spaceStoryRows(client());
    expect(
      rows
        .filter((row) => !row.is_folder)
        .map((row) => row.full_slug)
        .sort(),
    ).toEqual(local.map((story) => story.fullSlug).sort());
    expect(rows.filter((row) => row.is_folder)).toHaveLength(2);
    expect(
      Object.fromEntries(rows.filter((row) => !row.is_folder).map((row) => [row.full_slug, [row.published, row.unpublished_changes]])),
    ).toEqual(
      Object.fromEntries(local.map((story) => [story.fullSlug, [story.state !== "draft", story.state === "published-with-draft"]])),
    );
    const assets = await spaceAssets(client());
    expect(assets).toHaveLength(17);
    const facts = {
      local,
      dir: CONTENT,
      fields,
      assets,
      folderIds: new Map(rows.filter((row) => row.is_folder).map((row) => [row.full_slug.replace(/\/$/, ""), row.id])),
    };
    await expectSpaceHolds({
      served: await cdnStories(space.publicClient(), "published"),
      want: new Map(local.filter((story) => story.published).map((story) => [story.fullSlug, story.published!])),
      ...facts,
    });
    await expectSpaceHolds({
      served: await cdnStories(space.previewClient(), "draft"),
      want: new Map(local.map((story) => [story.fullSlug, story.working])),
      ...facts,
    });
  });
});
