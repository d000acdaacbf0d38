/**
 * `space push`'s content step against the local Management API (the real
 * emulator, over HTTP), read back through the local CDN with the real
 * storyblok-js-client: the space ends with every story in its state and every
 * reference its own; a second push creates and writes nothing; a dry run
 * writes nothing, not even the journal. The spaces here answer without
 * Storyblok's 3 requests a second (a push of content/ in a second instead of
 * sixteen, which Stryker repeats for every mutant these tests reach):
 * push-rate-limit.test.ts proves the push keeps to the limit.
 */
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { pushContent, totalRequests, type PushSummary } from "../../../tools/space-push";
import { readLocalStories } from "../../../tools/space-push/local-stories";
import { readStoryReferenceFields } from "../../../tools/space-push/reference-fields";
import { cdnStories, expectSpaceHolds, managementStories, spaceAssets, spaceStoryRows } from "./space-push-readback";
import type { AnsweredRequest } from "../../../tools/local-management-api/request-log";
import {
  COMPONENTS,
  CONTENT,
  isCreate,
  isWrite,
  removeDirs,
  spaceWithComponents,
  SPACE_ID,
  startLocalSpace,
  type LocalSpace,
} from "./space-harness";

const dirs: string[] = [];
let space: LocalSpace;
let journalPath: string;
let first: PushSummary;
/** The server's log of the first push. */
let firstLog: AnsweredRequest[];
const local = await readLocalStories(CONTENT);
const fields = await readStoryReferenceFields(COMPONENTS);

const push = (options: { dir?: string; dryRun?: boolean; journal?: string | null } = {}) =>
  pushContent(space.client(), {
    spaceId: SPACE_ID,
    dir: options.dir ?? CONTENT,
    componentsPath: COMPONENTS,
    target: space.apiUrl,
    dryRun: options.dryRun ?? false,
    ...(options.journal === null ? {} : { journalPath: options.journal ?? journalPath }),
  });

/** The server's log from request `from` on. */
const since = (from: number) => space.mapi.requests.slice(from);

const UNLIMITED = { requestsPerSecond: Number.POSITIVE_INFINITY };

beforeAll(async () => {
  const dir = await spaceWithComponents();
  const notes = await mkdtemp(join(tmpdir(), "space-push-journal-"));
  dirs.push(dir, notes);
  journalPath = join(notes, "journal.json");
  space = await startLocalSpace(dir, UNLIMITED);
  const before = space.mapi.requests.length;
  first = await push();
  // For the report: what a full push of content/ costs against the local space.
  const log = since(before);
  firstLog = log;
  console.log(
    `space push of content/: ${(first.elapsedMs / 1000).toFixed(1)} s, ${totalRequests(first.requests)} requests (${JSON.stringify(first.requests.byCall)}), ` +
      `the server logged ${log.length}`,
  );
}, 180_000);

afterAll(async () => {
  await space?.close();
  await removeDirs(dirs);
});

describe("a push of content/ to an empty space", () => {
  it("creates both folders, uploads the 17 assets once each and creates the 7 stories", () => {
    expect(first.folders).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(first.assets).toEqual({ created: 17, updated: 0, unchanged: 0 });
    expect(first.stories.created).toBe(7);
    // Home links to itself and Atlas and Tidewater to each other: two stories need a second write for
    // their references, and Fieldnotes one for its pending draft.
    expect(first.stories.updated).toBe(3);
  });

  it("leaves published stories to the public token, each equal to its file once the space's ids are mapped back", async () => {
    const want = new Map(local.filter((story) => story.published).map((story) => [story.fullSlug, story.published!]));
    await expectSpaceHolds({ served: await cdnStories(space.publicClient(), "published"), want, ...(await spaceFacts()) });
  });

  it("leaves the drafts to the preview token: Fieldnotes' pending draft, the rest as published", async () => {
    const want = new Map(local.map((story) => [story.fullSlug, story.working]));
    await expectSpaceHolds({ served: await cdnStories(space.previewClient(), "draft"), want, ...(await spaceFacts()) });
  });

  it("keeps every translation (`field__i18n__nl`) as the Management API stores them, references in translated fields the space's own", async () => {
    const want = new Map(local.map((story) => [story.fullSlug, story.working]));
    const stored = await managementStories(space.client());
    expect(stored.filter((story) => JSON.stringify(story.content).includes("__i18n__nl")).length).toBeGreaterThan(5);
    await expectSpaceHolds({ served: stored, want, translations: true, ...(await spaceFacts()) });
  });

  it("keeps each story's first publication date (the site's datePublished); the space dates its own publishes", async () => {
    // Read through the Management API: a read through the CDN here would leave the content client's
    // cached answers (same cv within the second) for the next test, which changes a story.
    const rows = new Map((await spaceStoryRows(space.client())).map((row) => [row.full_slug, row]));
    for (const story of local.filter((candidate) => candidate.published)) {
      expect(rows.get(story.fullSlug)?.first_published_at, story.fullSlug).toBe(story.published!.first_published_at);
    }
  });

  it("keeps Fieldnotes' draft pending over its published version, as the Management API shows it", async () => {
    const rows = await spaceStoryRows(space.client());
    const state = Object.fromEntries(
      rows.filter((row) => !row.is_folder).map((row) => [row.full_slug, [row.published, row.unpublished_changes]]),
    );
    expect(state).toEqual({
      home: [true, false],
      site: [true, false],
      "projects/2024/atlas": [true, false],
      "projects/fieldnotes": [true, true],
      "projects/klei-atelier": [true, false],
      "projects/ledger-lane": [true, false],
      "projects/tidewater": [true, false],
    });
  });

  it("holds each file once: 17 assets, each with its file's hash in ext_id and its length", async () => {
    const assets = await spaceAssets(space.client());
    expect(assets).toHaveLength(17);
    expect(new Set(assets.map((asset) => asset.ext_id)).size).toBe(17);
    for (const asset of assets) {
      expect(asset.ext_id).toMatch(/^sha256:[0-9a-f]{64}$/);
      // The URL the stories now hold serves that very file.
      const bytes = new Uint8Array(await (await fetch(asset.filename)).arrayBuffer());
      expect(`sha256:${createHash("sha256").update(bytes).digest("hex")}`).toBe(asset.ext_id);
      expect(asset.content_length).toBe(bytes.length);
    }
  });

  it("counts every request the server saw but the uploads' file posts (which go to the storage)", () => {
    expect(firstLog.length).toBe(totalRequests(first.requests) - first.requests.uploads);
  });
});

describe("a second push", () => {
  it("with the journal: creates nothing, writes nothing, and reads only the two lists", async () => {
    const from = space.mapi.requests.length;
    const second = await push();
    expect(since(from).filter(isCreate)).toEqual([]);
    expect(since(from).filter(isWrite)).toEqual([]);
    expect(second.actions).toEqual([]);
    expect(second.stories).toEqual({ created: 0, updated: 0, unchanged: 7 });
    expect(second.assets).toEqual({ created: 0, updated: 0, unchanged: 17 });
    expect(second.folders).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(since(from).map((request) => `${request.method} ${request.path.replace(/\?.*/, "")}`)).toEqual([
      `GET /v1/spaces/${SPACE_ID}/stories`,
      `GET /v1/spaces/${SPACE_ID}/assets`,
    ]);
  });

  it("after a change: writes that story alone", async () => {
    const dir = await changedContent((stories) => {
      stories["projects/klei-atelier"]!.content.summary = "A new summary.";
    });
    const from = space.mapi.requests.length;
    const again = await push({ dir });
    expect(again.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`)).toEqual(["publish story projects/klei-atelier"]);
    expect(since(from).filter(isWrite)).toHaveLength(1);
    const klei = (await cdnStories(space.publicClient(), "published")).find((story) => story.full_slug === "projects/klei-atelier")!;
    expect(klei.content.summary).toBe("A new summary.");
    await push(); // back to content/, so later tests start from it
  });
  it("after a story is made never-published: unpublishes it (the preview token still reads it), and publishes it again after", async () => {
    const dir = await changedContent((stories) => {
      stories["projects/klei-atelier"]!.published_at = null;
    });
    const from = space.mapi.requests.length;
    const draft = await push({ dir });
    expect(draft.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`)).toEqual([
      "unpublish story projects/klei-atelier",
    ]);
    expect(since(from).filter(isWrite)).toHaveLength(1);
    expect((await cdnStories(space.publicClient(), "published")).map((story) => story.full_slug)).not.toContain("projects/klei-atelier");
    expect((await cdnStories(space.previewClient(), "draft")).map((story) => story.full_slug)).toContain("projects/klei-atelier");

    const back = await push();
    expect(back.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`)).toEqual(["publish story projects/klei-atelier"]);
    expect((await cdnStories(space.publicClient(), "published")).map((story) => story.full_slug)).toContain("projects/klei-atelier");
  });
});

describe("a dry run", () => {
  it("lists what would be created and updated, makes no write call and writes no journal", async () => {
    const dir = await changedContent((stories) => {
      stories["projects/tidewater"]!.content.summary = "Changed for the dry run.";
    });
    await writeFile(join(dir, "assets", "new-sketch.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const notes = await mkdtemp(join(tmpdir(), "space-push-dry-"));
    dirs.push(notes);
    const dryJournal = join(notes, "journal.json");
    const journalBefore = await stat(journalPath);
    const from = space.mapi.requests.length;

    const dry = await push({ dir, dryRun: true });
    expect(dry.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`)).toEqual([
      "upload asset /assets/new-sketch.svg",
      "publish story projects/tidewater",
    ]);
    expect(dry.assets).toEqual({ created: 1, updated: 0, unchanged: 17 });
    expect(since(from).filter(isWrite)).toEqual([]);
    expect((await stat(journalPath)).mtimeMs).toBe(journalBefore.mtimeMs);

    // With a journal that does not exist yet: none is made.
    await push({ dir, dryRun: true, journal: dryJournal });
    await expect(stat(dryJournal)).rejects.toMatchObject({ code: "ENOENT" });
    expect(since(from).filter(isWrite)).toEqual([]);
  });

  it("on an empty space lists every create", async () => {
    const empty = await startLocalSpace(await spaceWithComponents(), UNLIMITED);
    dirs.push(empty.dir);
    try {
      const dry = await pushContent(empty.client(), {
        spaceId: SPACE_ID,
        dir: CONTENT,
        componentsPath: COMPONENTS,
        target: empty.apiUrl,
        dryRun: true,
      });
      expect(dry.folders.created).toBe(2);
      expect(dry.assets.created).toBe(17);
      expect(dry.stories.created).toBe(7);
      expect(empty.mapi.requests.filter(isWrite)).toEqual([]);
      expect((await spaceStoryRows(empty.client())).length).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

describe("a push without its journal (last: it leaves the journal behind the space)", () => {
  it("creates nothing, reads each story, and writes only what it cannot see (the published version under Fieldnotes' draft)", async () => {
    const from = space.mapi.requests.length;
    const second = await push({ journal: null });
    expect(since(from).filter(isCreate)).toEqual([]);
    expect(second.actions.map((action) => `${action.verb} ${action.name}`)).toEqual([
      "publish projects/fieldnotes",
      "update projects/fieldnotes",
    ]);
    expect(since(from).filter(isWrite)).toHaveLength(2);
    // And the space is as it was: the CDN still serves the published and the pending versions.
    const fieldnotes = (await cdnStories(space.publicClient(), "published")).find((story) => story.full_slug === "projects/fieldnotes")!;
    expect(fieldnotes.content.title).toBe(local.find((story) => story.fullSlug === "projects/fieldnotes")!.published!.content.title);
  });
});

/** What expectSpaceHolds needs to know of the space besides the stories. */
async function spaceFacts() {
  const rows = await spaceStoryRows(space.client());
  return {
    local,
    dir: CONTENT,
    fields,
    assets: await spaceAssets(space.client()),
    folderIds: new Map(rows.filter((row) => row.is_folder).map((row) => [row.full_slug.replace(/\/$/, ""), row.id])),
  };
}

/** A copy of content/ with `change` applied to its stories (by full slug). */
async function changedContent(change: (stories: Record<string, CdnStory>) => void): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "space-push-content-"));
  dirs.push(dir);
  await cp(CONTENT, dir, { recursive: true });
  const stories: Record<string, CdnStory> = {};
  for (const story of local) stories[story.fullSlug] = JSON.parse(await readFile(join(dir, story.file), "utf8")) as CdnStory;
  change(stories);
  for (const story of local) await writeFile(join(dir, story.file), JSON.stringify(stories[story.fullSlug], null, 2));
  return dir;
}

describe("an upload that was signed but never finished", () => {
  it("is finished into the same asset by the next push, which the journal tells where it is", async () => {
    const other = await startLocalSpace(await spaceWithComponents(), UNLIMITED);
    dirs.push(other.dir);
    const content = await mkdtemp(join(tmpdir(), "space-push-one-asset-"));
    dirs.push(content);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
    await mkdir(join(content, "assets"), { recursive: true });
    await writeFile(join(content, "assets", "dot.svg"), svg);
    const home = local.find((story) => story.fullSlug === "home")!.working;
    await mkdir(join(content, "stories"));
    await writeFile(
      join(content, "stories", "home.json"),
      JSON.stringify({
        ...home,
        content: {
          component: "page",
          _uid: "p",
          body: [],
          seo_image: {
            id: 1,
            filename: "/assets/dot.svg",
            fieldtype: "asset",
            alt: "",
            name: "",
            focus: "",
            title: "",
            copyright: "",
            meta_data: {},
            is_external_url: false,
            source: "",
          },
        },
      }),
    );
    const hash = createHash("sha256").update(svg).digest("hex");
    try {
      // A push that died after step 1 of the upload: the asset exists, its file never came.
      const { data: signed } = await other.client().assets.signResponseObject({ query: { filename: "dot.svg", ext_id: `sha256:${hash}` } });
      const notes = join(content, "journal.json");
      await writeFile(
        notes,
        JSON.stringify({
          version: 1,
          space: String(SPACE_ID),
          target: other.apiUrl,
          assets: { [hash]: { id: signed.id, filename: "", finished: false } },
          folders: {},
          stories: {},
        }),
      );

      const resumed = await pushContent(other.client(), {
        spaceId: SPACE_ID,
        dir: content,
        componentsPath: COMPONENTS,
        target: other.apiUrl,
        journalPath: notes,
      });
      expect(resumed.actions.map((action) => `${action.verb} ${action.kind} ${action.name}`)).toEqual([
        "replace asset /assets/dot.svg",
        "create story home",
      ]);
      const assets = await spaceAssets(other.client());
      expect(assets.map((asset) => asset.id)).toEqual([signed.id]);
      const records = JSON.parse(await readFile(join(other.dir, "space", "assets.json"), "utf8")) as { assets: unknown[] };
      expect(records.assets).toHaveLength(1);
      const served = (await cdnStories(other.previewClient(), "draft"))[0]!;
      expect((served.content.seo_image as { id: number; filename: string }).id).toBe(signed.id);
    } finally {
      await other.close();
    }
  });
});
