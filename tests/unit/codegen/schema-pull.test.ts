import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import type { ManagementClient } from "../../../tools/management-api/management-client";
import { startManagementApi, TOKEN, type RunningManagementApi } from "../content/local-management-api/mapi-harness";
import { busiestSecond, portfolio } from "../management/schema-push-helpers";
import { REPO } from "../../support/repo-root";

/**
 * `portfolio schema pull` against the local Management API over HTTP,
 * through the CLI's Management API client: components, groups, paged
 * datasources with their entries and the space's languages, written to schema/ files.
 */
const SPACE = 42;
const temp = mkdtempSync(join(tmpdir(), "schema-pull-"));

let api: RunningManagementApi;
let client: ManagementClient;
let groupUuid: string;

beforeAll(async () => {
  // No limit at the emulator: the test reads from its log whether the CLI kept to 3 a second.
  api = await startManagementApi(undefined, { spaceId: SPACE });
  client = api.client({ spaceId: SPACE });
  const group = (await client.componentFolders.create({ body: { component_group: { name: "Sections" } } })).data.component_group;
  groupUuid = group.uuid;
  await client.components.create({
    body: {
      component: { name: "page", is_root: true, schema: { theme: { type: "option", source: "internal", datasource_slug: "themes" } } },
    },
  });
  await client.components.create({
    body: { component: { name: "hero", is_nestable: true, component_group_uuid: group.uuid, schema: { title: { type: "text" } } } },
  });
  const themes = (await client.datasources.create({ body: { datasource: { name: "Themes", slug: "themes" } } })).data.datasource;
  await client.datasources.create({ body: { datasource: { name: "Icons", slug: "icons" } } });
  for (const [name, value] of [
    ["Light", "light"],
    ["Dark", "dark"],
  ] as const) {
    await client.datasourceEntries.create({ body: { datasource_entry: { name, value, datasource_id: themes.id } } });
  }
  const languages = [
    { code: "nl", name: "Nederlands" },
    { code: "fr", name: "Français" },
  ];
  await client.spaces.update({ body: { space: { default_lang_name: "English", languages } } });
});

afterAll(async () => {
  await api.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The generator package's own bin (its sources, through tsx), as `npx storyblok-typed-codegen` runs it. */
function packageBin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = join(REPO, "node_modules/tsx/dist/esm/index.mjs");
  const env = { ...process.env, STORYBLOK_OAUTH_TOKEN: "", STORYBLOK_MANAGEMENT_API_URL: "" };
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", tsx, "codegen/cli/bin.ts", ...args],
      { cwd: REPO, env, encoding: "utf8" },
      (error, stdout, stderr) => {
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
      },
    );
  });
}

function pull(...args: string[]) {
  return portfolio(["schema", "pull", "--space", String(SPACE), "--api-url", `${api.url}/v1`, ...args]);
}

describe("portfolio schema pull", () => {
  it("writes components, groups, datasources and languages, at most 3 requests per second", async () => {
    const before = api.api.requests.length;
    const dir = join(temp, "schema");
    const { code, stderr } = await pull("--token", TOKEN, "--dir", dir);
    expect(stderr).not.toMatch(/failed/);
    expect(code).toBe(0);

    const components = JSON.parse(readFileSync(join(dir, "components.json"), "utf8")) as {
      components: { name: string; component_group_uuid: string | null }[];
      component_groups: unknown[];
    };
    expect(components.components.map((c) => [c.name, c.component_group_uuid])).toEqual([
      ["hero", groupUuid],
      ["page", null],
    ]);
    expect(components.component_groups).toEqual([
      { id: expect.any(Number), uuid: groupUuid, name: "Sections", parent_id: null, parent_uuid: null },
    ]);
    const datasources = JSON.parse(readFileSync(join(dir, "datasources.json"), "utf8")) as unknown;
    expect(datasources).toEqual({
      datasources: [
        { slug: "icons", name: "Icons", entries: [] },
        {
          slug: "themes",
          name: "Themes",
          entries: [
            { name: "Light", value: "light" },
            { name: "Dark", value: "dark" },
          ],
        },
      ],
    });

    // As `storyblok languages pull` saves them, in the space's order (the site's).
    const languages = JSON.parse(readFileSync(join(dir, "languages.json"), "utf8")) as unknown;
    expect(languages).toEqual({
      default_lang_name: "English",
      languages: [
        { code: "nl", name: "Nederlands" },
        { code: "fr", name: "Français" },
      ],
    });

    // components, component_groups, datasources, the entries of each datasource, and the space itself.
    const requests = api.api.requests.slice(before);
    expect(requests.map((request) => request.path.replace(/^\/v1\/spaces\/42\/?|\?.*$/g, ""))).toEqual([
      "components",
      "component_groups",
      "datasources",
      "datasource_entries",
      "datasource_entries",
      "",
    ]);
    expect(busiestSecond(requests)).toBeLessThanOrEqual(3);

    // What was pulled generates: the datasource field becomes a literal union, the languages locales.
    const result = generate({ documents: [components], datasources, languages, schemaLabel: "schema/components.json" });
    expect(result.files.find((f) => f.path === "components.ts")?.contents).toContain('theme?: "dark" | "light" | "";');
    expect(result.files.find((f) => f.path === "locales.ts")?.contents).toContain('export const LOCALES = ["en", "nl", "fr"] as const;');
  });

  it("exit 2 without a token", async () => {
    const { code, stderr } = await pull("--dir", join(temp, "none"));
    expect(code).toBe(2);
    expect(stderr).toContain("a Management API token");
  });

  it("exit 1 when the API refuses the token", async () => {
    const { code, stderr } = await pull("--token", "wrong", "--dir", join(temp, "refused"));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Reading space 42 failed: 401 Unauthorized/);
  });

  it("the generator package's pull writes the same files, and exits 1 with the API's answer to a refused token", async () => {
    const space = ["pull", "--space", String(SPACE), "--api-url", `${api.url}/v1`];
    const dir = join(temp, "package-pull");
    const pulled = await packageBin([...space, "--token", TOKEN, "--dir", dir]);
    expect(pulled.stderr).toBe("");
    expect(pulled.code).toBe(0);
    for (const file of ["components.json", "datasources.json", "languages.json"])
      expect(readFileSync(join(dir, file), "utf8"), file).toBe(readFileSync(join(temp, "schema", file), "utf8"));
    const refused = await packageBin([...space, "--token", "wrong", "--dir", join(temp, "package-refused")]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Reading space 42 failed: 401 /);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  it("check --remote compares --out with what the live space generates", async () => {
    const out = join(temp, "remote-out");
    const dir = join(temp, "schema");
    const flags = [
      "--space",
      String(SPACE),
      "--api-url",
      `${api.url}/v1`,
      "--token",
      TOKEN,
      "--schema",
      join(dir, "components.json"),
      "--out",
      out,
    ];
    expect((await portfolio(["generate", "--schema", join(dir, "components.json"), "--out", out])).code).toBe(0);
    const fresh = await portfolio(["check", "--remote", ...flags]);
    expect(fresh.stdout).toContain(`${out} is up to date with space 42.`);
    expect(fresh.code).toBe(0);

    // The space's languages are its generated locales.
    await client.spaces.update({ body: { space: { languages: [{ code: "nl", name: "Nederlands" }] } } });
    const languages = await portfolio(["check", "--remote", ...flags]);
    expect(languages.code).toBe(1);
    expect(languages.stdout).toContain(
      '-export const LOCALES = ["en", "nl", "fr"] as const;\n+export const LOCALES = ["en", "nl"] as const;',
    );

    const page = (await client.components.list()).data.components.find((component) => component.name === "page")!;
    await client.components.delete(page.id);
    const stale = await portfolio(["check", "--remote", ...flags]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("- block page");
    expect(stale.stdout).toContain("schema pull --space 42`, then `npm run codegen`");
  });
});
