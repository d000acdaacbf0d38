/**
 * Two tokens, as Storyblok has them: the public token reads published
 * content only (a draft request gets Storyblok's 401, recorded in
 * tests/fixtures/cdn/public-token-draft/), the preview token reads drafts
 * too. First `portfolio content serve` itself, in its own process with its
 * default tokens, through the real storyblok-js-client; then the site's
 * queries, counting at the CDN which token each request carried.
 */
import { spawn, type ChildProcess, execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentClient, createSiteClients } from "../../../src/content/access/client";
import { toContentRequestError } from "../../../src/content/access/content-errors";
import { createContentQueries } from "../../../src/content/access/content-queries";
import { ContentConfigError, readContentSource } from "../../../src/content/sources/content-source";
import { EMBEDDED_CONTENT, startCdn, type RunningCdn } from "./cdn-harness";
import { REPO } from "../../support/repo-root";

const PUBLIC_TOKEN_DRAFT = JSON.parse(
  readFileSync(new URL("../../fixtures/cdn/public-token-draft/answer.json", import.meta.url), "utf8"),
) as { status: number; headers: Record<string, string>; body: string };

const PUBLISHED_TITLE = "Fieldnotes: an offline-first notebook for field ecologists";
const DRAFT_TITLE = "Fieldnotes: an offline-first notebook for field ecologists, now with shared plots";

/** `portfolio content serve --port 0 [args]`, resolved with its base URL once it listens. */
function serve(args: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn("node", ["bin/portfolio.js", "content", "serve", "--port", "0", ...args], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /published: (http:\/\/[^/\s]+)\/v2\/cdn\/stories\?token=/.exec(out);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once("exit", (code) => reject(new Error(`content serve exited with ${String(code)}: ${out}`)));
  });
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (reason) {
    return toContentRequestError(reason);
  }
  throw new Error("expected the request to fail");
}

describe("portfolio content serve with its default tokens (local, local-preview)", () => {
  let server: { url: string; child: ChildProcess };
  beforeAll(async () => {
    server = await serve();
  });
  afterAll(() => {
    server?.child.kill();
  });

  const source = () => ({ kind: "storyblok" as const, token: "local", previewToken: "local-preview", endpoint: `${server.url}/v2` });

  it("the public token and version=draft: Storyblok's answer (status, body and headers as recorded)", async () => {
    const response = await fetch(`${server.url}/v2/cdn/stories/projects/fieldnotes?token=local&version=draft`);
    expect(response.status).toBe(PUBLIC_TOKEN_DRAFT.status);
    expect(await response.text()).toBe(PUBLIC_TOKEN_DRAFT.body);
    for (const [name, value] of Object.entries(PUBLIC_TOKEN_DRAFT.headers)) expect(response.headers.get(name)).toBe(value);
    // Lists and drafts by uuid too: no draft is reachable with the public token.
    expect((await fetch(`${server.url}/v2/cdn/stories?token=local&version=draft`)).status).toBe(401);
  });

  it("the public token through storyblok-js-client: published content, and 401 for a draft", async () => {
    const client = createContentClient({ source: source() });
    expect((await client.getStory("projects/fieldnotes", { version: "published" })).data.story.content.title).toBe(PUBLISHED_TITLE);
    const error = await failureOf(client.getStory("projects/fieldnotes", { version: "draft" }));
    expect({ status: error.status, message: error.message }).toEqual({ status: 401, message: "Unauthorized" });
  });

  it("the preview token through storyblok-js-client: the draft, and the published version when asked", async () => {
    const client = createContentClient({ source: source(), access: "preview" });
    expect((await client.getStory("projects/fieldnotes", { version: "draft" })).data.story.content.title).toBe(DRAFT_TITLE);
    expect((await client.getStory("projects/fieldnotes", { version: "published" })).data.story.content.title).toBe(PUBLISHED_TITLE);
  });

  it("any other token: 401, published or draft", async () => {
    for (const query of ["token=wrong", "token=wrong&version=draft", "token=LOCAL-PREVIEW&version=draft", "version=draft"]) {
      expect((await fetch(`${server.url}/v2/cdn/stories/projects/fieldnotes?${query}`)).status).toBe(401);
    }
  });

  it("refuses the same token for both (exit 2)", async () => {
    const run = promisify(execFile)(
      "node",
      ["bin/portfolio.js", "content", "serve", "--port", "0", "--token", "same", "--preview-token", "same"],
      { cwd: REPO },
    );
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("--token and --preview-token must differ") });
  });
});

describe("the site's queries: the public path carries only the public token", () => {
  let cdn: RunningCdn;
  beforeAll(async () => {
    cdn = await startCdn(EMBEDDED_CONTENT);
  });
  afterAll(() => cdn.close());

  /** [version, token] of each request since `before`. */
  const seen = (before: number) =>
    cdn.requests
      .slice(before)
      .map((r) => [r.url.pathname.replace(/^\/v2\/cdn\//, ""), r.url.searchParams.get("version"), r.url.searchParams.get("token")]);

  it("every published query, the listing and cdn/spaces/me use the public token; every draft query the preview token", async () => {
    const queries = createContentQueries(cdn.client(), cdn.previewClient());
    const before = cdn.requests.length;
    await queries.refresh();
    await queries.getProjectStory(["fieldnotes"]);
    await queries.getProjectStory(["not-listed"]);
    await queries.getPageStory("home");
    await queries.getSiteConfig();
    await queries.listProjectSlugs();
    await queries.listProjectStories();
    await queries.listPublishedStories();
    const home = await queries.getPageStory("home");
    await queries.getStoriesByUuids([String(home?.uuid)]);
    const published = seen(before);
    expect(published.length).toBeGreaterThanOrEqual(6);
    expect(new Set(published.map(([, , token]) => token))).toEqual(new Set([cdn.token]));

    const draftsFrom = cdn.requests.length;
    await queries.getProjectStory(["fieldnotes"], { preview: true });
    await queries.getPageStory("home", { preview: true });
    await queries.getSiteConfig({ preview: true });
    await queries.listProjectSlugs({ preview: true });
    await queries.getStoriesByUuids([String(home?.uuid)], { preview: true });
    const drafts = seen(draftsFrom);
    expect(drafts.length).toBeGreaterThanOrEqual(5);
    expect(drafts.every(([, version, token]) => version === "draft" && token === cdn.previewToken)).toBe(true);
  });

  it("drafts never come from the published memo or cache, nor go into it", async () => {
    const queries = createContentQueries(cdn.client(), cdn.previewClient());
    expect((await queries.getProjectStory(["fieldnotes"]))?.content.title).toBe(PUBLISHED_TITLE);
    expect((await queries.getProjectStory(["fieldnotes"], { preview: true }))?.content.title).toBe(DRAFT_TITLE);
    expect((await queries.getProjectStory(["fieldnotes"]))?.content.title).toBe(PUBLISHED_TITLE);
    // Each draft query reaches the CDN: nothing of the preview client is cached.
    const before = cdn.requests.length;
    await queries.getProjectStory(["fieldnotes"], { preview: true });
    await queries.getProjectStory(["fieldnotes"], { preview: true });
    expect(seen(before)).toEqual([
      ["stories/projects/fieldnotes", "draft", cdn.previewToken],
      ["stories/projects/fieldnotes", "draft", cdn.previewToken],
    ]);
  });

  it("the preview client caches no answer, not even a published one", async () => {
    const preview = cdn.previewClient();
    const before = cdn.requests.length;
    await preview.getStory("projects/tidewater", { version: "published" });
    await preview.getStory("projects/tidewater", { version: "published" });
    expect(seen(before).map(([path]) => path)).toEqual(["stories/projects/tidewater", "stories/projects/tidewater"]);
  });

  it("without a preview token a draft query fails clearly and sends nothing; published ones still work", async () => {
    const queries = createContentQueries(cdn.client());
    const before = cdn.requests.length;
    await expect(queries.getProjectStory(["fieldnotes"], { preview: true })).rejects.toThrow(ContentConfigError);
    await expect(queries.getProjectStory(["fieldnotes"], { preview: true })).rejects.toThrow(/STORYBLOK_PREVIEW_TOKEN/);
    expect(cdn.requests.length).toBe(before);
    expect((await queries.getProjectStory(["fieldnotes"]))?.content.title).toBe(PUBLISHED_TITLE);
  });

  it("a client for preview access without a preview token is a configuration error", () => {
    expect(() => createContentClient({ source: { kind: "storyblok", token: "t", endpoint: `${cdn.url}/v2` }, access: "preview" })).toThrow(
      ContentConfigError,
    );
    expect(createSiteClients({ source: { kind: "storyblok", token: "t", endpoint: `${cdn.url}/v2` } }).preview).toBeUndefined();
  });
});

describe("the embedded default, in-process", () => {
  const { published, preview } = createSiteClients({ source: readContentSource({ CONTENT_DIR: EMBEDDED_CONTENT }) });

  it("its public client cannot read a draft; its preview client can", async () => {
    const error = await failureOf(published.getStory("projects/fieldnotes", { version: "draft" }));
    expect(error.status).toBe(401);
    expect((await preview?.getStory("projects/fieldnotes", { version: "draft" }))?.data.story.content.title).toBe(DRAFT_TITLE);
  });
});
