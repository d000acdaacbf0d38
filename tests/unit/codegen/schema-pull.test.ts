import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../codegen";
import { REPO } from "./helpers";

/**
 * `portfolio schema pull` against a local server that answers like the
 * Management API (v1, OAuth token in Authorization, paginated datasources),
 * through the real storyblok-js-client.
 */
const exec = promisify(execFile);
const TOKEN = "oauth-test-token";
const temp = mkdtempSync(join(tmpdir(), "schema-pull-"));
const requests: { path: string; at: number }[] = [];

const answers: Record<string, { body: unknown; headers?: Record<string, string> }> = {
  "/v1/spaces/42/components": {
    body: {
      components: [
        { name: "page", is_root: true, schema: { theme: { type: "option", source: "internal", datasource_slug: "themes" } } },
        { name: "hero", is_nestable: true, component_group_uuid: "g1", schema: { title: { type: "text" } } },
      ],
    },
  },
  "/v1/spaces/42/component_groups": { body: { component_groups: [{ uuid: "g1", name: "Sections" }] } },
  "/v1/spaces/42/datasources": {
    body: { datasources: [{ id: 7, slug: "themes", name: "Themes" }, { id: 8, slug: "icons", name: "Icons" }] },
    headers: { total: "2", "per-page": "25" },
  },
  "/v1/spaces/42/datasource_entries?7": {
    body: { datasource_entries: [{ name: "Light", value: "light" }, { name: "Dark", value: "dark" }] },
    headers: { total: "2", "per-page": "25" },
  },
  "/v1/spaces/42/datasource_entries?8": { body: { datasource_entries: [] }, headers: { total: "0", "per-page": "25" } },
};

let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push({ path: url.pathname, at: Date.now() });
    if (request.headers.authorization !== TOKEN) {
      response.writeHead(401, { "content-type": "application/json" }).end('{"error":"Unauthorized"}');
      return;
    }
    const id = url.searchParams.get("datasource_id");
    const answer = answers[id ? `${url.pathname}?${id}` : url.pathname];
    if (!answer) {
      response.writeHead(404).end("{}");
      return;
    }
    response.writeHead(200, { "content-type": "application/json", ...answer.headers }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => {
  server.close();
  rmSync(temp, { recursive: true, force: true });
});

async function pull(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return portfolio("schema", "pull", "--space", "42", "--api-url", apiUrl, ...args);
}

async function portfolio(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["bin/portfolio.js", ...args], {
      cwd: REPO,
      env: { ...process.env, STORYBLOK_OAUTH_TOKEN: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

describe("portfolio schema pull", () => {
  it("writes components, groups and datasources, at most 3 requests per second", async () => {
    requests.length = 0;
    const dir = join(temp, "schema");
    const { code, stderr } = await pull("--token", TOKEN, "--dir", dir);
    expect(stderr).not.toMatch(/failed/);
    expect(code).toBe(0);

    const components = JSON.parse(readFileSync(join(dir, "components.json"), "utf8")) as { components: { name: string }[]; component_groups: unknown[] };
    expect(components.components.map((c) => c.name)).toEqual(["hero", "page"]);
    expect(components.component_groups).toEqual([{ uuid: "g1", name: "Sections" }]);
    const datasources = JSON.parse(readFileSync(join(dir, "datasources.json"), "utf8")) as unknown;
    expect(datasources).toEqual({
      datasources: [
        { slug: "icons", name: "Icons", entries: [] },
        { slug: "themes", name: "Themes", entries: [{ name: "Light", value: "light" }, { name: "Dark", value: "dark" }] },
      ],
    });

    expect(requests).toHaveLength(5);
    const starts = requests.map((r) => r.at);
    for (let i = 0; i + 3 < starts.length; i += 1) expect(starts[i + 3]! - starts[i]!).toBeGreaterThanOrEqual(900);

    // What was pulled generates: the datasource field becomes a literal union.
    const result = generate({ documents: [components], datasources, schemaLabel: "schema/components.json" });
    expect(result.files.find((f) => f.path === "components.ts")?.contents).toContain('theme?: "dark" | "light" | "";');
  });

  it("exit 2 without a token", async () => {
    const { code, stderr } = await pull("--dir", join(temp, "none"));
    expect(code).toBe(2);
    expect(stderr).toContain("a Management API token");
  });

  it("exit 1 when the API refuses the token", async () => {
    const { code, stderr } = await pull("--token", "wrong", "--dir", join(temp, "refused"));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Reading space 42 failed: 401/);
  });

  it("check --remote compares --out with what the live space generates", async () => {
    const out = join(temp, "remote-out");
    const dir = join(temp, "schema");
    const flags = ["--space", "42", "--api-url", apiUrl, "--token", TOKEN, "--schema", join(dir, "components.json"), "--out", out];
    expect((await portfolio("generate", "--schema", join(dir, "components.json"), "--out", out)).code).toBe(0);
    const fresh = await portfolio("check", "--remote", ...flags);
    expect(fresh.stdout).toContain(`${out} is up to date with space 42.`);
    expect(fresh.code).toBe(0);

    answers["/v1/spaces/42/components"]!.body = { components: [{ name: "hero", is_nestable: true, schema: { title: { type: "text" } } }] };
    const stale = await portfolio("check", "--remote", ...flags);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("- block page");
    expect(stale.stdout).toContain("schema pull --space 42`, then `npm run codegen`");
  });
});
