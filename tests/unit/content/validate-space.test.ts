/**
 * `portfolio content validate --source storyblok` as a user runs it: the CLI
 * in its own process reads a space from the local CDN over real HTTP (never
 * Storyblok's servers), one exit code per case.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContentDir, projectStory, startCdn, storyFiles, type RunningCdn } from "./cdn-harness";
import { REPO } from "../../support/repo-root";

const exec = promisify(execFile);
const DEAD_UUID = "00000000-0000-4000-8000-00000000dead";

/** The environment without the variables the command reads, so only what a case passes counts. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["STORYBLOK_TOKEN", "STORYBLOK_PREVIEW_TOKEN", "STORYBLOK_REGION", "STORYBLOK_API_URL", "CONTENT_SOURCE"])
    delete env[name];
  return { ...env, ...extra };
}

async function validate(args: string[], env = cleanEnv()): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec("node", ["bin/portfolio.js", "content", "validate", ...args], { cwd: REPO, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Serves `files` (a content directory) for the tests of one describe block. */
function serve(files: () => Record<string, unknown>): { readonly cdn: RunningCdn; space(...args: string[]): string[] } {
  let running: RunningCdn | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const made = await makeContentDir(files());
    cleanup = made.cleanup;
    running = await startCdn(made.dir);
  });
  afterAll(async () => {
    await running?.close();
    await cleanup?.();
  });
  return {
    get cdn() {
      if (!running) throw new Error("the CDN starts in beforeAll: use it inside a test");
      return running;
    },
    /** Flags reading this CDN as a space with the right token (the preview one for drafts), then `args`. */
    space(...args) {
      const token = args.includes("--published") ? this.cdn.token : this.cdn.previewToken;
      return ["--source", "storyblok", "--api-url", `${this.cdn.url}/v2`, "--token", token, ...args];
    },
  };
}

describe("a space with one story whose draft is invalid", () => {
  const other = projectStory("projects/other");
  const fine = projectStory("projects/fine", {}, { related: [other.uuid] });
  const broken = projectStory("projects/broken");
  // Published `broken` is valid; its unpublished changes are not.
  const brokenDraft = { ...broken, content: { ...broken.content, year: 2024, related: [DEAD_UUID] } };
  const server = serve(() => ({ ...storyFiles([other, fine, broken]), "drafts/projects/broken.json": brokenDraft }));

  it("exit 1 naming the slug, block path and field of each problem in the drafts (the default)", async () => {
    const { code, stderr } = await validate(server.space());
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "projects/broken: content(project).year: must be a number written as a string (Storyblok's format), got number",
      `projects/broken: refers to story uuid "${DEAD_UUID}", which no story has`,
      "2 problem(s) in the space's draft stories",
    ]);
  });

  it("lists drafts 100 per page, without resolving relations", async () => {
    server.cdn.requests.length = 0;
    await validate(server.space());
    expect(server.cdn.requests.length).toBe(1);
    const params = server.cdn.requests[0]!.url.searchParams;
    expect(server.cdn.requests[0]!.url.pathname).toBe("/v2/cdn/stories");
    expect(params.get("version")).toBe("draft");
    expect(params.get("per_page")).toBe("100");
    expect([...params.keys()].filter((key) => key.startsWith("resolve_"))).toEqual([]);
  });

  it("exit 0 with --published, where every story is valid", async () => {
    const { code, stdout, stderr } = await validate(server.space("--published"));
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout.trim()).toBe("3 published stories in the space match the schema (src/generated/validators.ts).");
  });

  it("reads the token and endpoint from STORYBLOK_TOKEN and STORYBLOK_API_URL", async () => {
    const env = cleanEnv({ STORYBLOK_TOKEN: server.cdn.token, STORYBLOK_API_URL: `${server.cdn.url}/v2` });
    const { code, stdout } = await validate(["--source", "storyblok", "--published"], env);
    expect(code).toBe(0);
    expect(stdout).toContain("3 published stories in the space match");
  });

  it("reads drafts with STORYBLOK_PREVIEW_TOKEN before STORYBLOK_TOKEN, and published stories with STORYBLOK_TOKEN", async () => {
    const env = cleanEnv({
      STORYBLOK_TOKEN: server.cdn.token,
      STORYBLOK_PREVIEW_TOKEN: server.cdn.previewToken,
      STORYBLOK_API_URL: `${server.cdn.url}/v2`,
    });
    server.cdn.requests.length = 0;
    expect((await validate(["--source", "storyblok"], env)).stderr).toContain("2 problem(s) in the space's draft stories");
    expect((await validate(["--source", "storyblok", "--published"], env)).code).toBe(0);
    expect(server.cdn.requests.map((r) => [r.url.searchParams.get("version"), r.url.searchParams.get("token")])).toEqual([
      ["draft", server.cdn.previewToken],
      ["published", server.cdn.token],
    ]);
  });

  it("exit 1 with the hint when a public token asks for drafts", async () => {
    const { code, stderr } = await validate(["--source", "storyblok", "--api-url", `${server.cdn.url}/v2`, "--token", server.cdn.token]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      "Reading the space's draft stories failed: Unauthorized (drafts need a preview token; check the published stories with --published)",
    );
  });

  it("exit 1 with the status text when the API refuses the token", async () => {
    const { code, stdout, stderr } = await validate(["--source", "storyblok", "--api-url", `${server.cdn.url}/v2`, "--token", "wrong"]);
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
    expect(stderr.trim()).toBe(
      "Reading the space's draft stories failed: Unauthorized (drafts need a preview token; check the published stories with --published)",
    );
  });

  const usage: [string, string[], RegExp][] = [
    [
      "no token",
      ["--source", "storyblok"],
      /^Reading a space's drafts needs its preview token: --token, STORYBLOK_PREVIEW_TOKEN or STORYBLOK_TOKEN/,
    ],
    [
      "no token with --published",
      ["--source", "storyblok", "--published"],
      /^Reading a space needs a Content Delivery API token: --token or STORYBLOK_TOKEN/,
    ],
    ["an unknown source", ["--source", "space"], /^--source must be "local" or "storyblok", got "space"\.$/],
    ["--dir with a space", ["--source", "storyblok", "--token", "x", "--dir", "content"], /^--dir is for --source local/],
    [
      "space flags without --source storyblok",
      ["--token", "x", "--published"],
      /^--token, --api-url, --published read a space: add --source storyblok\.$/,
    ],
  ];
  it.each(usage)("exit 2 on %s, sending nothing", async (_name, args, message) => {
    server.cdn.requests.length = 0;
    const { code, stderr } = await validate([...args, "--api-url", `${server.cdn.url}/v2`]);
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(message);
    expect(server.cdn.requests).toEqual([]);
  });
});

describe("a space of more than 100 stories", () => {
  const stories = Array.from({ length: 150 }, (_, i) => projectStory(`projects/p${String(i).padStart(3, "0")}`));
  // The last story in the default order comes on the second page.
  stories[149] = projectStory("projects/p149", {}, { title: "" });
  const server = serve(() => storyFiles(stories));

  it("reads every page and names the invalid story on the last one", async () => {
    server.cdn.requests.length = 0;
    const { code, stderr } = await validate(server.space());
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "projects/p149: content(project).title: is required",
      "1 problem(s) in the space's draft stories",
    ]);
    expect(server.cdn.requests.map((request) => request.url.searchParams.get("page")).sort()).toEqual(["1", "2"]);
  });
});
