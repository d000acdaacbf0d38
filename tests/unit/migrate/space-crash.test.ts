/**
 * `migrate run --space` and `migrate undo --space`, real child processes
 * against the local Management API and CDN over HTTP, killed (SIGKILL) at
 * each of their write points by PORTFOLIO_CRASH_AT
 * (tools/crash-point.ts). Each time the space's journal lists the
 * migration only when every version of every story has it, and running the
 * same command again ends where an uninterrupted one does: every published
 * version and pending draft migrated once, each story in its state, the
 * migration listed once (or, after undo, every version as it was and the
 * migration not listed). Each case has its own space and working folder, so
 * they run side by side.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { createManagementClient } from "../../../tools/management-api/management-client";
import { pushContent } from "../../../tools/space-push";
import { readSpaceJournal } from "../../../tools/migrations/space/space-journal";
import { cdnStories, spaceStoryRows } from "../management/space-push-readback";
import { COMPONENTS, OAUTH_TOKEN, removeDirs, ROOT, spaceWithComponents, SPACE_ID, startLocalSpace } from "../management/space-harness";
import { smallContent } from "../management/small-content";
import { Project } from "./support/project";

const exec = promisify(execFile);
const project = new Project();
const dirs: string[] = [];
let id: string;
let content: string;

beforeAll(async () => {
  project.editSchema((components) => {
    components.get("project")!.schema.status = {
      type: "option",
      pos: 30,
      required: true,
      options: [{ name: "Live", value: "live" }],
      default_value: "live",
      exclude_empty_option: true,
    };
  });
  expect((await project.portfolio("generate")).code).toBe(0);
  expect((await project.portfolio("migrate", "new", "status")).code).toBe(0);
  id = project.migrationId("status");
  const uses = project.signature(id, "project").includes("Migrating<") ? ["type Migrating"] : [];
  project.fill(id, uses, [project.signature(id, "project"), '    return { ...block, status: "live" };', "  },"].join("\n"));
  content = await smallContent();
  dirs.push(content);
}, 120_000);

afterAll(async () => {
  await removeDirs(dirs);
  project.remove();
});

interface Versions {
  published: Map<string, CdnStory["content"]>;
  drafts: Map<string, CdnStory["content"]>;
  states: Map<string, [boolean, boolean]>;
  listed: number;
}

/** A space holding the small content, and a working folder of its own for the CLI's snapshot. */
async function newSpace(): Promise<{ dir: string; cwd: string }> {
  const dir = await spaceWithComponents();
  // The project's schema, generated code and migrations, seen from a folder of its own (where the snapshot goes).
  const cwd = await mkdtemp(join(tmpdir(), "space-crash-cwd-"));
  dirs.push(dir, cwd);
  await mkdir(join(cwd, "src"));
  for (const path of ["schema", "migrations", "src/generated"]) await symlink(join(project.root, path), join(cwd, path), "dir");
  const filling = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  try {
    const client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: filling.apiUrl, requestsPerSecond: 1000 });
    await pushContent(client, { spaceId: SPACE_ID, dir: content, componentsPath: COMPONENTS, target: filling.apiUrl });
  } finally {
    await filling.close();
  }
  return { dir, cwd };
}

/** The space read by a fresh server (no client cache): published versions, drafts, each story's state, how often the journal lists the migration. */
async function versions(dir: string): Promise<Versions> {
  const space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  try {
    const client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
    const bySlug = (stories: CdnStory[]) => new Map(stories.map((story) => [story.full_slug, story.content]));
    const rows = (await spaceStoryRows(client)).filter((row) => !row.is_folder);
    return {
      published: bySlug(await cdnStories(space.publicClient(), "published")),
      drafts: bySlug(await cdnStories(space.previewClient(), "draft")),
      states: new Map(rows.map((row) => [row.full_slug, [row.published, row.unpublished_changes]])),
      listed: (await readSpaceJournal(client)).entries.filter((entry) => entry.name === id).length,
    };
  } finally {
    await space.close();
  }
}

/** What an uninterrupted run leaves: every version with the status, nothing else changed. */
function migrated(before: Versions): Versions {
  const live = (contents: Map<string, CdnStory["content"]>) =>
    new Map([...contents].map(([slug, value]) => [slug, { ...value, status: "live" }]));
  return { published: live(before.published), drafts: live(before.drafts), states: before.states, listed: 1 };
}

/** `migrate run|undo --space` on the space in `dir`, from `cwd`; `signal` when killed. */
async function cli(
  dir: string,
  cwd: string,
  command: "run" | "undo",
  env: Record<string, string> = {},
): Promise<{ code: number; signal?: string; output: string; versions: Versions }> {
  const space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
  const args = [
    join(ROOT, "bin/portfolio.js"),
    "migrate",
    command,
    "--space",
    String(SPACE_ID),
    "--token",
    OAUTH_TOKEN,
    "--api-url",
    space.apiUrl,
  ];
  if (command === "run") {
    args.push("--public-token", space.token, "--cdn-url", `${space.url}/v2`);
  }
  let result: { code: number; signal?: string; output: string };
  try {
    const { stdout, stderr } = await exec(process.execPath, args, {
      cwd,
      env: { ...process.env, STORYBLOK_OAUTH_TOKEN: "", STORYBLOK_TOKEN: "", ...env },
    });
    result = { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; signal?: string | null; stdout: string; stderr: string };
    result = { code: failed.code, ...(failed.signal ? { signal: failed.signal } : {}), output: failed.stdout + failed.stderr };
  } finally {
    await space.close();
  }
  return { ...result, versions: await versions(dir) };
}

/** The journal claims nothing that did not happen: when it lists the migration, every version has it. */
function expectJournalTrue(now: Versions, before: Versions): void {
  if (now.listed === 0) return;
  expect(now.listed).toBe(1);
  const done = migrated(before);
  expect(now.published).toEqual(done.published);
  expect(now.drafts).toEqual(done.drafts);
}

describe("migrate run --space killed", () => {
  it.concurrent.each(["space-run:after-intent", "space-run:after-story:1", "space-run:after-story:2", "space-run:after-entry:1"])(
    "at %s: the journal claims nothing that did not happen; running again ends as an uninterrupted run",
    async (point) => {
      const { dir, cwd } = await newSpace();
      const before = await versions(dir);
      expect([...before.states.values()]).toContainEqual([true, true]);

      const killed = await cli(dir, cwd, "run", { PORTFOLIO_CRASH_AT: point });
      expect(killed.signal, killed.output).toBe("SIGKILL");
      expectJournalTrue(killed.versions, before);

      const again = await cli(dir, cwd, "run");
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain("was cut short: put back the");
      expect(again.versions).toEqual(migrated(before));
    },
  );
});

describe("migrate undo --space killed", () => {
  it.concurrent.each(["space-undo:after-journal", "space-undo:after-story:2"])(
    "at %s: the journal no longer lists the run; undo again puts every version back, in its state",
    async (point) => {
      const { dir, cwd } = await newSpace();
      const before = await versions(dir);
      const run = await cli(dir, cwd, "run");
      expect(run.code, run.output).toBe(0);
      expect(run.versions).toEqual(migrated(before));

      const killed = await cli(dir, cwd, "undo", { PORTFOLIO_CRASH_AT: point });
      expect(killed.signal, killed.output).toBe("SIGKILL");
      expect(killed.versions.listed).toBe(0);

      const again = await cli(dir, cwd, "undo");
      expect(again.code, again.output).toBe(0);
      expect(again.versions).toEqual({ ...before, listed: 0 });
    },
  );
});
