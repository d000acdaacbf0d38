/**
 * Storyblok's own CLI (`storyblok`, a devDependency) as a client of the local APIs, as
 * docs/local-apis.md tells a user to run it: through scripts/storyblok-local-preload.mjs,
 * which points the CLI's hard-coded Storyblok hosts at a local server. Two spaces on two
 * servers, both at Storyblok's 3 requests per second (the CLI sends up to 6: its retries
 * of the 429s must carry every command through):
 *
 *  - A, space 1: a copy of content/ with the repository's schema, as `content serve`
 *    shows the embedded portfolio (its languages from content/space/space.json), plus
 *    a datasource with a dimension;
 *  - B, space 2: an empty folder.
 *
 * Everything A has is pulled, pushed into B and pulled back from B, and must come back
 * as it went: components, datasources, stories. Languages, assets and types are pulled
 * from A and compared with what A holds (the languages with schema/languages.json too).
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLanguagesFile } from "storyblok-typed-codegen";
import { combineLocalApis } from "../../../tools/local-management-api/local-apis";
import { admissionTimes } from "../management/admissions";
import { createLocalCdn } from "../../../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp, type RunningServer } from "../../../src/content/sources/local-cdn/http-server";
import { createLocalManagementApi, type LocalManagementApi } from "../../../tools/local-management-api/create-local-management-api";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = join(ROOT, "node_modules", "storyblok", "dist", "index.mjs");
const PRELOAD = join(ROOT, "scripts", "storyblok-local-preload.mjs");
const TOKEN = "cli-oauth";

interface Space {
  id: number;
  dir: string;
  mapi: LocalManagementApi;
  server: RunningServer;
  /** A Management API request with the token, at the space's own pace (the test waits out the limit like any client). */
  call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

const temporary: string[] = [];
let work: string;
let a: Space;
let b: Space;

async function startSpace(id: number, dir: string, schemaDir?: string): Promise<Space> {
  const mapi = createLocalManagementApi({ dir, oauthToken: TOKEN, spaceId: id, schemaDir });
  const cdn = createLocalCdn({
    dir,
    token: `cli-${id}`,
    previewToken: `cli-${id}-preview`,
    spaceId: String(id),
    checkIntervalMs: 0,
    onProblems: () => undefined,
  });
  const server = await serveOverHttp(combineLocalApis(cdn, mapi), 0);
  // Node closes an idle kept-alive connection after 5 s; a CLI starved of CPU may send its next request on it as it closes.
  server.server.keepAliveTimeout = 60_000;
  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    for (;;) {
      const response = await fetch(`${server.url}/v1/spaces/${id}${path}`, {
        method,
        headers: { authorization: TOKEN, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        continue;
      }
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      const text = await response.text();
      return text === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
    }
  };
  return { id, dir, mapi, server, call };
}

interface Run {
  code: number | null;
  output: string;
}

/** `storyblok <args>` in the work folder, its Storyblok hosts pointed at `space`'s server. */
function storyblok(space: Space, ...args: string[]): Promise<Run> {
  return new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ["--import", PRELOAD, CLI, ...args],
      {
        cwd: work,
        timeout: 120_000,
        env: {
          NODE_ENV: "production",
          PATH: process.env.PATH ?? "",
          // The CLI keeps credentials and settings under the home folder: a throwaway one.
          HOME: work,
          NO_COLOR: "1",
          STORYBLOK_LOCAL_URL: space.server.url,
          // The CLI's login from the environment: any login, the local token, a region whose host the preload sends to the local server.
          STORYBLOK_LOGIN: "local",
          STORYBLOK_TOKEN: TOKEN,
          STORYBLOK_REGION: "eu",
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const json = async <T>(path: string): Promise<T> => JSON.parse(await readFile(join(work, ".storyblok", path), "utf8")) as T;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storyblok-cli-"));
  const aDir = await mkdtemp(join(tmpdir(), "storyblok-cli-a-"));
  const bDir = await mkdtemp(join(tmpdir(), "storyblok-cli-b-"));
  temporary.push(work, aDir, bDir);
  await cp(join(ROOT, "content"), aDir, { recursive: true });
  a = await startSpace(1, aDir, join(ROOT, "schema"));
  b = await startSpace(2, bDir);
  // What content/ has none of: a datasource with a dimension.
  const { datasource } = (await a.call("POST", "/datasources", {
    datasource: { name: "Colours", slug: "colours", dimensions_attributes: [{ name: "Nederlands", entry_value: "nl" }] },
  })) as { datasource: { id: number; dimensions: { id: number }[] } };
  for (const [name, value, nl] of [
    ["red", "#f00", "rood"],
    ["green", "#0f0", "groen"],
    ["blue", "#00f", ""],
  ] as const) {
    const { datasource_entry: entry } = (await a.call("POST", "/datasource_entries", {
      datasource_entry: { name, value, datasource_id: datasource.id },
    })) as { datasource_entry: { id: number } };
    if (nl)
      await a.call("PUT", `/datasource_entries/${entry.id}?dimension_id=${datasource.dimensions[0]!.id}`, {
        datasource_entry: { name, value, dimension_value: nl },
      });
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.server.close(), b?.server.close()]);
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Component {
  name: string;
  schema: Record<string, Record<string, unknown>>;
  component_group_uuid: string | null;
  [key: string]: unknown;
}
interface Group {
  uuid: string;
  name: string;
}

/** What schema/components.json says of a component; the space adds ids, times and what it derives (real_name, all_presets…). */
const COMPONENT_SETTINGS = [
  "name",
  "display_name",
  "image",
  "preview_field",
  "is_root",
  "is_nestable",
  "preset_id",
  "color",
  "icon",
  "internal_tag_ids",
  "content_type_asset_preview",
];

/** Components as a space's own ids would not tell them apart: groups by name, no ids or times. */
function comparableComponents(components: Component[], groups: Group[]): unknown {
  const groupName = new Map(groups.map((g) => [g.uuid, g.name]));
  const byName = (uuid: unknown) => (typeof uuid === "string" ? (groupName.get(uuid) ?? `unknown group ${uuid}`) : uuid);
  return components
    .map(({ component_group_uuid, schema, ...rest }) => ({
      ...Object.fromEntries(COMPONENT_SETTINGS.map((key) => [key, rest[key]])),
      group: byName(component_group_uuid),
      schema: Object.fromEntries(
        Object.entries(schema).map(([field, settings]) => [
          field,
          Array.isArray(settings.component_group_whitelist)
            ? { ...settings, component_group_whitelist: settings.component_group_whitelist.map(byName) }
            : settings,
        ]),
      ),
    }))
    .sort((x, y) => String((x as { name?: unknown }).name).localeCompare(String((y as { name?: unknown }).name)));
}

interface PulledStory {
  uuid: string;
  full_slug: string;
  name: string;
  slug: string;
  is_folder: boolean;
  is_startpage: boolean;
  position: number;
  tag_list: string[];
  parent_id: number;
  id: number;
  content?: unknown;
}

async function pulledStories(spaceId: number): Promise<PulledStory[]> {
  const folder = join(work, ".storyblok", "stories", String(spaceId));
  const files = (await readdir(folder)).filter((file) => file.endsWith(".json"));
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(join(folder, file), "utf8")) as PulledStory));
}

/**
 * Stories as a space's own ids would not tell them apart: each story reference (a uuid)
 * named by the full slug it points to, in either space, and each story's folder by its
 * full slug. Storyblok's CLI 4.22 maps references in `options` fields when it pushes,
 * not in a single `option` field: those keep the first space's uuids, which the
 * first space's map names all the same.
 */
function comparableStories(stories: PulledStory[], uuids: Map<string, string>): unknown {
  const byId = new Map(stories.map((s) => [s.id, s.full_slug]));
  const named = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value ?? null).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) =>
        uuids.has(uuid) ? `story:${uuids.get(uuid)}` : uuid,
      ),
    );
  return stories
    .map((s) => ({
      full_slug: s.full_slug,
      name: s.name,
      slug: s.slug,
      is_folder: s.is_folder,
      is_startpage: s.is_startpage,
      position: s.position,
      tag_list: s.tag_list,
      folder: byId.get(s.parent_id) ?? null,
      content: named(s.content),
    }))
    .sort((x, y) => x.full_slug.localeCompare(y.full_slug));
}

/** Each command's run, by its arguments: the commands run once, in beforeAll, and each test reads its own. */
const runs = new Map<string, Promise<Run>>();

/** Runs `storyblok <args>` against `space` (once), and resolves when it is done whatever its outcome. */
function command(space: Space, ...args: string[]): Promise<Run> {
  const key = args.join(" ");
  let run = runs.get(key);
  if (!run) {
    run = storyblok(space, ...args);
    runs.set(key, run);
  }
  return run;
}

/** The output of a command that ran, after checking that it succeeded (exit 0, no error printed). */
async function succeeded(...args: string[]): Promise<string> {
  const run = await runs.get(args.join(" "));
  if (!run) throw new Error(`storyblok ${args.join(" ")} never ran`);
  if (run.code !== 0 || /\berror\b/i.test(run.output)) throw new Error(`storyblok ${args.join(" ")} (exit ${run.code}):\n${run.output}`);
  return run.output;
}

describe("Storyblok's CLI against the local Management API", () => {
  beforeAll(async () => {
    // Each command waits only for what it needs (B's pushes read what A's pulls saved); the
    // rest run side by side, so one command's start-up overlaps another's requests and the
    // two spaces' limits are waited out together.
    const componentsPulled = command(a, "components", "pull", "--space", "1");
    const storiesPulled = componentsPulled.then(() => command(a, "stories", "pull", "--space", "1"));
    const datasourcesPulled = storiesPulled.then(() => command(a, "datasources", "pull", "--space", "1"));
    const restOfA = datasourcesPulled.then(() =>
      Promise.all([
        command(a, "languages", "pull", "--space", "1"),
        command(a, "assets", "pull", "--space", "1"),
        command(a, "user"),
        command(a, "types", "generate", "--space", "1"),
      ]),
    );
    const componentsPushed = componentsPulled.then(() => command(b, "components", "push", "--from", "1", "--space", "2"));
    const restOfB = componentsPushed.then(() =>
      Promise.all([
        command(b, "components", "pull", "--space", "2"),
        storiesPulled
          .then(() => command(b, "stories", "push", "--from", "1", "--space", "2"))
          .then(() => command(b, "stories", "pull", "--space", "2")),
        datasourcesPulled
          .then(() => command(b, "datasources", "push", "--from", "1", "--space", "2"))
          .then(() => command(b, "datasources", "pull", "--space", "2")),
      ]),
    );
    await Promise.all([restOfA, restOfB]);
  }, 300_000);

  it("user: the token's user", async () => {
    expect(await succeeded("user")).toContain("Local Management API");
  });

  it("components pull: every component of schema/, its groups, presets and tags", async () => {
    await succeeded("components", "pull", "--space", "1");
    const pulled = await json<Component[]>("components/1/components.json");
    const schema = JSON.parse(await readFile(join(ROOT, "schema", "components.json"), "utf8")) as {
      components: Component[];
      component_groups: Group[];
    };
    expect(comparableComponents(pulled, await json<Group[]>("components/1/groups.json"))).toEqual(
      comparableComponents(schema.components, schema.component_groups),
    );
  });

  it("types generate: a type for every pulled component", async () => {
    await succeeded("types", "generate", "--space", "1");
    const types = await readFile(join(work, ".storyblok", "types", "1", "storyblok-components.d.ts"), "utf8");
    const pulled = await json<Component[]>("components/1/components.json");
    for (const { name } of pulled) expect(types).toContain(`component: "${name}"`);
  });

  it("languages pull: the space's languages and default language name, the same as schema/languages.json", async () => {
    await succeeded("languages", "pull", "--space", "1");
    const { space } = (await a.call("GET", "")) as { space: { languages: unknown; default_lang_name: string } };
    const pulled = await json<{ default_lang_name: string; languages: { code: string; name: string }[] }>("languages/1/languages.1.json");
    expect(pulled).toEqual({ default_lang_name: space.default_lang_name, languages: space.languages });
    // The file `schema pull` wrote from the same space: the CLI's copy also holds each
    // language's `ai_translation_code` (null here), which neither the generator nor `schema push` reads.
    const ours = JSON.parse(await readFile(join(ROOT, "schema", "languages.json"), "utf8")) as typeof pulled;
    expect(ours.languages.length).toBeGreaterThan(0);
    expect({ ...pulled, languages: pulled.languages.map(({ code, name }) => ({ code, name })) }).toEqual(ours);
    expect(readLanguagesFile(pulled)).toEqual(readLanguagesFile(ours));
  });

  it("assets pull: every file of content/assets, byte for byte, under the ids the stories give them", async () => {
    expect(await succeeded("assets", "pull", "--space", "1")).toMatch(/17 assets pulled, 0 assets failed/);
    const pulled = await readdir(join(work, ".storyblok", "assets", "1"));
    for (const file of await readdir(join(ROOT, "content", "assets"), { withFileTypes: true })) {
      if (!file.isFile()) continue;
      const stem = file.name.replace(/\.[^.]+$/, "");
      const copy = pulled.find((name) => name.startsWith(`${stem}_`) && !name.endsWith(".json"));
      expect(copy, file.name).toBeDefined();
      expect(await readFile(join(work, ".storyblok", "assets", "1", copy!))).toEqual(
        await readFile(join(ROOT, "content", "assets", file.name)),
      );
    }
    expect(pulled).toContain("tidewater-cover_18736442.webp");
    expect(await json("assets/1/tidewater-cover_18736442.json")).toMatchObject({ id: 18736442, alt: expect.stringContaining("dike") });
  });

  it("datasources pull, push into an empty space, pull again: the same datasources, dimensions and values", async () => {
    for (const args of [
      ["datasources", "pull", "--space", "1"],
      ["datasources", "push", "--from", "1", "--space", "2"],
      ["datasources", "pull", "--space", "2"],
    ])
      await succeeded(...args);
    type Pulled = {
      name: string;
      slug: string;
      dimensions: { name: string; entry_value: string }[];
      entries: { name: string; value: string; dimension_values?: Record<string, string> }[];
    }[];
    const comparable = (pulled: Pulled) =>
      pulled.map((d) => ({
        name: d.name,
        slug: d.slug,
        dimensions: d.dimensions.map(({ name, entry_value }) => ({ name, entry_value })),
        entries: d.entries.map(({ name, value, dimension_values }) => ({ name, value, dimension_values })),
      }));
    const first = comparable(await json<Pulled>("datasources/1/datasources.json"));
    expect(first[0]!.entries).toEqual([
      { name: "red", value: "#f00", dimension_values: { nl: "rood" } },
      { name: "green", value: "#0f0", dimension_values: { nl: "groen" } },
      { name: "blue", value: "#00f", dimension_values: undefined },
    ]);
    expect(comparable(await json<Pulled>("datasources/2/datasources.json"))).toEqual(first);
    // What was pushed through the Management API, the CDN serves.
    const response = await fetch(`${b.server.url}/v2/cdn/datasource_entries?token=cli-2&datasource=colours&dimension=nl`);
    expect(
      ((await response.json()) as { datasource_entries: { name: string; dimension_value: string | null }[] }).datasource_entries.map(
        (e) => [e.name, e.dimension_value],
      ),
    ).toEqual([
      ["red", "rood"],
      ["green", "groen"],
      ["blue", null],
    ]);
  });

  it("components push into an empty space, then pull: the same components and groups", async () => {
    for (const args of [
      ["components", "push", "--from", "1", "--space", "2"],
      ["components", "pull", "--space", "2"],
    ])
      await succeeded(...args);
    const first = comparableComponents(
      await json<Component[]>("components/1/components.json"),
      await json<Group[]>("components/1/groups.json"),
    );
    expect(
      comparableComponents(await json<Component[]>("components/2/components.json"), await json<Group[]>("components/2/groups.json")),
    ).toEqual(first);
  });

  it("stories pull, push into the space with the components, pull again: the same folders and stories", async () => {
    for (const args of [
      ["stories", "pull", "--space", "1"],
      ["stories", "push", "--from", "1", "--space", "2"],
      ["stories", "pull", "--space", "2"],
    ])
      await succeeded(...args);
    const first = await pulledStories(1);
    const second = await pulledStories(2);
    expect(first.map((s) => s.full_slug).sort()).toEqual([
      "home",
      "projects",
      "projects/2024",
      "projects/2024/atlas",
      "projects/fieldnotes",
      "projects/klei-atelier",
      "projects/ledger-lane",
      "projects/tidewater",
      "site",
    ]);
    const uuids = new Map([...first, ...second].map((s) => [s.uuid, s.full_slug]));
    expect(comparableStories(second, uuids)).toEqual(comparableStories(first, uuids));
  });

  it("kept Storyblok's 3 requests per second: the CLI's 6 met 429s and its retries carried every command", () => {
    for (const space of [a, b]) {
      const refused = space.mapi.requests.filter((request) => request.status === 429);
      expect(refused.length, `429s answered by space ${space.id}`).toBeGreaterThan(0);
      // Counted where the limit is decided, the emulator's rate window (admissions.ts).
      const admitted = admissionTimes(space.mapi.requests);
      expect(admitted.length).toBe(space.mapi.requests.filter((request) => request.status !== 429 && request.status !== 401).length);
      for (let i = 3; i < admitted.length; i++) expect(admitted[i]! - admitted[i - 3]!).toBeGreaterThanOrEqual(1000);
    }
  });
});

describe("the preload", () => {
  it("refuses any host but Storyblok's and loopback, naming it", async () => {
    const run = (code: string) =>
      new Promise<Run>((resolve) =>
        execFile(
          process.execPath,
          ["--import", PRELOAD, "--input-type=module", "-e", code],
          { env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", STORYBLOK_LOCAL_URL: a.server.url } },
          (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
        ),
      );
    const refused = await run(`await fetch("https://registry.npmjs.org/storyblok")`);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("refused a request to registry.npmjs.org");
    const socket = await run(`import net from "node:net"; net.connect(443, "example.com")`);
    expect(socket.code).toBe(1);
    expect(socket.output).toContain("refused a connection to example.com");
    const redirected = await run(
      `const r = await fetch("https://api-us.storyblok.com/v2/cdn/spaces/me?token=cli-1"); console.log(r.status, (await r.json()).space.id)`,
    );
    expect(redirected.output.trim()).toBe("200 1");
  });
});
