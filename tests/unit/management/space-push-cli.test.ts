/**
 * `portfolio space push` as a user runs it, against `portfolio content
 * serve` as a separate process: a push interrupted by the server dying
 * mid-way is resumed by running the same command again, to the end state
 * of an uninterrupted push, with nothing twice; bad input and a wrong token
 * get their exit codes before anything is written; a dry run writes nothing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManagementClient } from "../../../tools/management-api/management-client";
import { readLocalStories } from "../../../tools/space-push/local-stories";
import { readStoryReferenceFields } from "../../../tools/space-push/reference-fields";
import { readSpaceJournal } from "../../../tools/migrations/space/space-journal";
import { freePort } from "../../support/free-port";
import { cdnStories, expectSpaceHolds, spaceAssets, spaceStoryRows } from "./space-push-readback";
import { COMPONENTS, CONTENT, OAUTH_TOKEN, removeDirs, ROOT, SPACE_ID } from "./space-harness";
import { createContentClient } from "../../../src/content/access/client";

const BIN = join(ROOT, "bin", "portfolio.js");
const dirs: string[] = [];
const servers = new Set<ChildProcess>();
let dir: string;
let port: number;
let journal: string;

beforeAll(async () => {
  // An empty space: the CLI's first step pushes the schema.
  dir = await mkdtemp(join(tmpdir(), "space-push-cli-space-"));
  const notes = await mkdtemp(join(tmpdir(), "space-push-cli-"));
  dirs.push(dir, notes);
  journal = join(notes, "journal.json");
  port = await freePort();
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.kill("SIGKILL");
  await removeDirs(dirs);
});

/** `portfolio content serve` on `dir` and `port`, resolved once it listens. */
function serve(): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    [BIN, "content", "serve", "--port", String(port), "--dir", dir, "--token", "cli-public", "--preview-token", "cli-preview"],
    {
      cwd: ROOT,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  servers.add(server);
  server.on("exit", () => servers.delete(server));
  return new Promise((resolve, reject) => {
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Management API:")) resolve(server);
    });
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    server.on("exit", (code) => reject(new Error(`content serve exited (${code}): ${output}`)));
  });
}

function kill(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    server.on("exit", () => resolve());
    server.kill("SIGKILL");
  });
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `portfolio space push` with `args`; `onLine` sees each line of its output as it comes. */
function push(args: string[], onLine?: (line: string) => void): Promise<Run> {
  const child = spawn(process.execPath, [BIN, "space", "push", ...args], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", STORYBLOK_OAUTH_TOKEN: "", STORYBLOK_MANAGEMENT_API_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: Run = { code: null, stdout: "", stderr: "" };
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    run.stdout += chunk;
    partial += chunk;
    const lines = partial.split("\n");
    partial = lines.pop()!;
    for (const line of lines) onLine?.(line);
  });
  child.stderr!.on("data", (chunk: Buffer) => (run.stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ ...run, code })));
}

const spaceArgs = () => [
  "--space",
  String(SPACE_ID),
  "--api-url",
  `http://127.0.0.1:${port}/v1`,
  "--token",
  OAUTH_TOKEN,
  "--journal",
  journal,
];

describe("portfolio space push", () => {
  it("exits 2 on usage errors and bad input, before any request", async () => {
    expect((await push(["--dir", CONTENT])).code).toBe(2);
    expect((await push(["--space", "abc", "--token", OAUTH_TOKEN])).code).toBe(2);
    const broken = await mkdtemp(join(tmpdir(), "space-push-broken-"));
    dirs.push(broken);
    await cp(CONTENT, broken, { recursive: true });
    await rm(join(broken, "assets", "og-default.png"));
    // No server is listening yet: a request would fail with exit 1, not 2.
    const missing = await push([...spaceArgs(), "--dir", broken, "--yes"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('stories/home.json: uses asset "/assets/og-default.png"');
    // The hostile fixture story nests 3,208 levels: Storyblok's client could not serialise it.
    const deep = await mkdtemp(join(tmpdir(), "space-push-deep-"));
    dirs.push(deep);
    await cp(CONTENT, deep, { recursive: true });
    await cp(join(ROOT, "tests/fixtures/hostile-content"), deep, { recursive: true });
    const tooDeep = await push([...spaceArgs(), "--dir", deep, "--yes"]);
    expect(tooDeep.code).toBe(2);
    expect(tooDeep.stderr).toContain("stories/projects/hostile.json: nests 3208 levels deep, more than the 1000 a story can be sent with");
  }, 60_000);

  it("exits 1 naming the request when the token is wrong, and 0 for a dry run, which writes no journal", async () => {
    await serve();
    const wrong = await push([...spaceArgs().map((arg) => (arg === OAUTH_TOKEN ? "not-the-token" : arg)), "--dir", CONTENT, "--yes"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/space push failed, pushing the schema: 401/);

    const dry = await push([...spaceArgs(), "--dir", CONTENT, "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Schema plan for space 1");
    expect(dry.stdout).toContain("create story home");
    expect(dry.stdout).toContain("upload asset /assets/atlas-cover.webp");
    expect(dry.stdout).toContain("(nothing written)");
    await expect(stat(journal)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await spaceStoryRows(client())).toEqual([]);
    // A space started on an empty folder has no language but the default, as a new Storyblok space.
    expect(await spaceLanguages()).toEqual({ management: [], cdn: [] });
  }, 60_000);

  it("resumes a push the server died in the middle of, twice, to the end state of an uninterrupted push", async () => {
    // First while uploading assets, then while creating stories: each time the same command goes on.
    for (const [what, pattern, after] of [
      ["asset", /^\s+upload asset /, 3],
      ["story", /^\s+create story /, 2],
    ] as const) {
      const [server] = [...servers];
      let seen = 0;
      let killing: Promise<void> | undefined;
      const interrupted = await push([...spaceArgs(), "--dir", CONTENT, "--yes"], (line) => {
        if (pattern.test(line) && ++seen === after) killing = kill(server!);
      });
      await killing;
      expect(seen, interrupted.stdout).toBeGreaterThanOrEqual(after);
      expect(interrupted.code).toBe(1);
      expect(interrupted.stderr).toMatch(
        what === "asset"
          ? /space push failed, (re-)?uploading (the unfinished )?asset \/assets\/[^ ]+ \((signing|posting the file|finishing)\): /
          : /space push failed, (creating|publishing|updating|reading) story "[^"]+": /,
      );
      expect(interrupted.stderr).toContain("Run the same command again");
      await serve();
    }

    const resumed = await push([...spaceArgs(), "--dir", CONTENT, "--yes"]);
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).not.toMatch(/create folder|upload asset|replace asset/);
    expect(resumed.stdout).toMatch(/folders +0 created, 0 updated, 2 unchanged/);
    expect(resumed.stdout).toMatch(/assets +0 created, 0 updated, 17 unchanged/);

    // Nothing twice: 2 folders, 7 stories, 17 assets, each once.
    const rows = await spaceStoryRows(client());
    expect(
      rows
        .filter((row) => row.is_folder)
        .map((row) => row.full_slug)
        .sort(),
    ).toEqual(["projects", "projects/2024"]);
    expect(
      rows
        .filter((row) => !row.is_folder)
        .map((row) => row.full_slug)
        .sort(),
    ).toEqual([
      "home",
      "projects/2024/atlas",
      "projects/fieldnotes",
      "projects/klei-atelier",
      "projects/ledger-lane",
      "projects/tidewater",
      "site",
    ]);
    // The space's languages came with the schema (schema/languages.json), as they would into Storyblok's.
    const schemaLanguages = JSON.parse(await readFile(join(ROOT, "schema", "languages.json"), "utf8")) as { languages: { code: string }[] };
    expect(schemaLanguages.languages.map(({ code }) => code)).toContain("nl");
    expect(await spaceLanguages()).toEqual({
      management: schemaLanguages.languages.map(({ code }) => code),
      cdn: schemaLanguages.languages.map(({ code }) => code),
    });
    const assets = await spaceAssets(client());
    expect(assets).toHaveLength(17);
    expect(new Set(assets.map((asset) => asset.ext_id)).size).toBe(17);
    // Not even an unfinished upload left beside them (the list shows finished assets only; the space's own record all).
    const records = JSON.parse(await readFile(join(dir, "space", "assets.json"), "utf8")) as { assets: unknown[] };
    expect(records.assets).toHaveLength(17);
    expect(
      Object.fromEntries(rows.filter((row) => !row.is_folder).map((row) => [row.full_slug, [row.published, row.unpublished_changes]])),
    ).toMatchObject({
      "projects/fieldnotes": [true, true],
      home: [true, false],
    });

    // What an uninterrupted push leaves (space-push.test.ts): the content, every reference the space's own.
    const local = await readLocalStories(CONTENT);
    const facts = {
      local,
      dir: CONTENT,
      fields: await readStoryReferenceFields(COMPONENTS),
      assets,
      folderIds: new Map(rows.filter((row) => row.is_folder).map((row) => [row.full_slug, row.id])),
    };
    const source = {
      kind: "storyblok" as const,
      token: "cli-public",
      previewToken: "cli-preview",
      endpoint: `http://127.0.0.1:${port}/v2`,
    };
    await expectSpaceHolds({
      served: await cdnStories(createContentClient({ source }), "published"),
      want: new Map(local.map((s) => [s.fullSlug, s.published!])),
      ...facts,
    });
    await expectSpaceHolds({
      served: await cdnStories(createContentClient({ source, access: "preview" }), "draft"),
      want: new Map(local.map((s) => [s.fullSlug, s.working])),
      ...facts,
    });

    // And once more, from the same content after a migration ran on it: no story to write, and the
    // space's journal learns the migration, so `migrate run --space` will not run it again.
    const migrated = await mkdtemp(join(tmpdir(), "space-push-migrated-"));
    dirs.push(migrated);
    await cp(CONTENT, migrated, { recursive: true });
    await mkdir(join(migrated, ".migrations"), { recursive: true });
    const run = { ran: "2026-11-20T10:00:00.000Z", migrations: ["20261120095900-project-status"], files: [] };
    await writeFile(join(migrated, ".migrations", "journal.json"), JSON.stringify({ runs: [run] }));
    const dry = await push([...spaceArgs(), "--dir", migrated, "--dry-run"]);
    expect(dry.stdout).toContain(
      `Migrations: would record in the space's portfolio-migrations datasource the 1 ${migrated} has had: ${run.migrations[0]}.`,
    );
    expect((await readSpaceJournal(client())).entries).toEqual([]);
    const again = await push([...spaceArgs(), "--dir", migrated, "--yes"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/stories +0 created, 0 updated, 7 unchanged/);
    expect(again.stdout).toContain(
      `Migrations: recorded in the space's portfolio-migrations datasource the 1 ${migrated} has had (${run.migrations[0]})`,
    );
    expect((await readSpaceJournal(client())).entries.map(({ name, value }) => [name, value])).toEqual([[run.migrations[0], run.ran]]);
  }, 180_000);
});

/** The codes of the space's languages, as `GET /v1/spaces/:id` (Management API) and `spaces/me` (CDN) list them. */
async function spaceLanguages(): Promise<{ management: string[]; cdn: string[] }> {
  // Through the Management API's client: it waits out the space's 3 requests a second, as the push does.
  const { data } = await client().spaces.get({});
  const me = (await (await fetch(`http://127.0.0.1:${port}/v2/cdn/spaces/me?token=cli-public`)).json()) as {
    space: { language_codes: string[] };
  };
  return { management: (data.space.languages ?? []).map(({ code }) => code ?? "(no code)"), cdn: me.space.language_codes };
}

function client() {
  return createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: `http://127.0.0.1:${port}/v1` });
}
