/**
 * `portfolio space push`, a real child process against the local Management
 * API over HTTP, killed (SIGKILL, as a power cut) at each of its write points
 * by PORTFOLIO_CRASH_AT (tools/crash-point.ts): after a folder is
 * created, an upload signed, an upload finished, a story created or written,
 * each before the journal hears of it. Each time the journal names only what
 * the space holds, and the same command run again ends where an
 * uninterrupted push does: each story once, in its state, with references
 * of the space's own; each file once; one more push writes nothing.
 *
 * A small content folder (small-content.ts) keeps each push to seconds at
 * the CLI's 3 requests a second.
 */
import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManagementClient } from "../../../tools/management-api/management-client";
import { pushContent } from "../../../tools/space-push";
import { readLocalStories, type LocalStory } from "../../../tools/space-push/local-stories";
import { readStoryReferenceFields } from "../../../tools/space-push/reference-fields";
import { FILES, smallContent } from "./small-content";
import { cdnStories, expectJournalTrue, expectSpaceHolds, spaceAssets, spaceStoryRows } from "./space-push-readback";
import {
  COMPONENTS,
  OAUTH_TOKEN,
  removeDirs,
  ROOT,
  spaceWithComponents,
  SPACE_ID,
  startLocalSpace,
  type LocalSpace,
} from "./space-harness";

const exec = promisify(execFile);
const dirs: string[] = [];
let content: string;
let local: LocalStory[];
const fields = await readStoryReferenceFields(COMPONENTS);

beforeAll(async () => {
  content = await smallContent();
  local = await readLocalStories(content);
  expect(local.map((story) => story.state).sort()).toEqual(["published", "published", "published-with-draft"]);
}, 60_000);

afterAll(() => removeDirs(dirs));

/** `portfolio space push` on `space`, with more environment; `signal` when it was killed. */
async function cliPush(
  space: LocalSpace,
  journal: string,
  env: Record<string, string> = {},
): Promise<{ code: number; signal?: string; output: string }> {
  const args = [
    "bin/portfolio.js",
    "space",
    "push",
    "--space",
    String(SPACE_ID),
    "--token",
    OAUTH_TOKEN,
    "--api-url",
    space.apiUrl,
    "--dir",
    content,
    "--journal",
    journal,
    "--yes",
  ];
  try {
    const { stdout, stderr } = await exec(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, STORYBLOK_OAUTH_TOKEN: "", STORYBLOK_MANAGEMENT_API_URL: "", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; signal?: string | null; stdout: string; stderr: string };
    return { code: failed.code, ...(failed.signal ? { signal: failed.signal } : {}), output: failed.stdout + failed.stderr };
  }
}

/** The space as an uninterrupted push leaves it, read back through the Management API and the CDN. */
async function expectPushed(space: LocalSpace): Promise<void> {
  const client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
  const rows = await spaceStoryRows(client);
  expect(rows.filter((row) => row.is_folder).map((row) => row.full_slug.replace(/\/$/, ""))).toEqual(["projects"]);
  const stories = rows.filter((row) => !row.is_folder);
  expect(Object.fromEntries(stories.map((row) => [row.full_slug, [row.published, row.unpublished_changes]]))).toEqual(
    Object.fromEntries(local.map((story) => [story.fullSlug, [true, story.state === "published-with-draft"]])),
  );
  const assets = await spaceAssets(client);
  expect(assets).toHaveLength(FILES);
  const facts = {
    local,
    dir: content,
    fields,
    assets,
    folderIds: new Map(rows.filter((row) => row.is_folder).map((row) => [row.full_slug.replace(/\/$/, ""), row.id])),
  };
  await expectSpaceHolds({
    served: await cdnStories(space.publicClient(), "published"),
    want: new Map(local.map((story) => [story.fullSlug, story.published!])),
    ...facts,
  });
  await expectSpaceHolds({
    served: await cdnStories(space.previewClient(), "draft"),
    want: new Map(local.map((story) => [story.fullSlug, story.working])),
    ...facts,
  });
  // The local space keeps every asset record it made, listed or not (an upload never finished is not listed).
  expect((await space.mapi.store.read()).assets).toHaveLength(FILES);
}

const POINTS = [
  "space-push:after-folder",
  "space-push:after-signed:2",
  "space-push:after-finished:2",
  "space-push:after-story:1",
  "space-push:after-story:4",
];

describe("space push killed", () => {
  it.concurrent.each(POINTS)(
    "at %s: the journal names only what the space holds; the same command again ends as an uninterrupted push",
    async (point) => {
      const space = await startLocalSpace(await spaceWithComponents(), { requestsPerSecond: Number.POSITIVE_INFINITY });
      const notes = await mkdtemp(join(tmpdir(), "space-push-crash-"));
      dirs.push(space.dir, notes);
      const journal = join(notes, "journal.json");
      try {
        const killed = await cliPush(space, journal, { PORTFOLIO_CRASH_AT: point });
        expect(killed.signal, killed.output).toBe("SIGKILL");
        const client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
        await expectJournalTrue(journal, client);

        const resumed = await cliPush(space, journal);
        expect(resumed.code, resumed.output).toBe(0);
        await expectPushed(space);
        const again = await pushContent(client, {
          spaceId: SPACE_ID,
          dir: content,
          componentsPath: COMPONENTS,
          target: space.apiUrl,
          journalPath: journal,
        });
        expect(again.actions).toEqual([]);
      } finally {
        await space.close();
      }
    },
  );
});
