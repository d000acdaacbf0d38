/**
 * Test harness: content directories in temp folders and the local CDN over
 * real HTTP on an ephemeral port, driven by the real storyblok-js-client.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll } from "vitest";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createContentClient, type ContentClient } from "../../../src/content/access/client";
import { createLocalCdn, type LocalCdnOptions } from "../../../src/content/sources/local-cdn/create-local-cdn";
import type { FaultInjector } from "../../../src/content/sources/local-cdn/faults";
import { serveOverHttp } from "../../../src/content/sources/local-cdn/http-server";
import type { StoryFileProblem } from "../../../src/content/sources/local-cdn/story-types";
import { createFaultInjector } from "./fault-injector";

export const EMBEDDED_CONTENT = fileURLToPath(new URL("../../../content", import.meta.url));

interface SeenRequest {
  url: URL;
  /** Date.now() when the request reached the server. */
  at: number;
}

export interface RunningCdn {
  url: string;
  /** The public token. storyblok-js-client caches and cv are global per token: each server gets its own tokens. */
  token: string;
  /** The preview token: drafts too. */
  previewToken: string;
  /** A request with the public token (or `params.token`). */
  api(path: string, params?: Record<string, string>): Promise<Response>;
  /** A request with the preview token, as for drafts. */
  previewApi(path: string, params?: Record<string, string>): Promise<Response>;
  /** A new client with the public token, as the site's published path. */
  client(): ContentClient;
  /** A new client with the preview token, as the site's draft queries. */
  previewClient(): ContentClient;
  requests: SeenRequest[];
  problems: StoryFileProblem[][];
  faults: FaultInjector;
  close(): Promise<void>;
}

export async function startCdn(dir: string, options: Partial<LocalCdnOptions> = {}): Promise<RunningCdn> {
  const token = options.token ?? `test-${randomUUID().slice(0, 8)}`;
  const previewToken = options.previewToken ?? `test-preview-${randomUUID().slice(0, 8)}`;
  const requests: SeenRequest[] = [];
  const problems: StoryFileProblem[][] = [];
  const faults = createFaultInjector();
  const handler = createLocalCdn({
    dir,
    token,
    previewToken,
    checkIntervalMs: 0,
    faults,
    onProblems: (p) => problems.push(p),
    onRequest: (url) => requests.push({ url, at: Date.now() }),
    ...options,
  });
  const running = await serveOverHttp(handler, 0);
  const api = (path: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams({ token, ...params });
    return fetch(`${running.url}/v2/cdn/${path}?${query}`, { redirect: "manual" });
  };
  return {
    url: running.url,
    token,
    previewToken,
    requests,
    problems,
    faults,
    api,
    previewApi: (path, params = {}) => api(path, { ...params, token: previewToken }),
    client() {
      return createContentClient({ source: { kind: "storyblok", token, previewToken, endpoint: `${running.url}/v2` } });
    },
    previewClient() {
      return createContentClient({ source: { kind: "storyblok", token, previewToken, endpoint: `${running.url}/v2` }, access: "preview" });
    },
    close: running.close,
  };
}

/** A temp content directory holding `files` (path under the directory → JSON value or raw text). */
export async function makeContentDir(files: Record<string, unknown>): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "content-"));
  for (const [path, value] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), typeof value === "string" ? value : JSON.stringify(value, null, 2));
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

let nextId = 900000;

/** A minimal valid project story in the CDN's shape. */
export function projectStory(fullSlug: string, overrides: Record<string, unknown> = {}, content: Record<string, unknown> = {}) {
  const id = nextId++;
  return {
    name: fullSlug.split("/").pop(),
    created_at: "2024-01-01T10:00:00.000Z",
    published_at: "2024-01-02T10:00:00.000Z",
    id,
    uuid: randomUUID(),
    content: {
      _uid: randomUUID(),
      component: "project",
      title: `Project ${fullSlug}`,
      summary: "A short summary.",
      year: "2024",
      cover: {
        id: 1,
        alt: "",
        name: "",
        focus: "",
        title: "",
        filename: "/assets/x.svg",
        copyright: "",
        fieldtype: "asset",
        meta_data: {},
        is_external_url: false,
        source: "",
      },
      ...content,
    },
    slug: fullSlug.split("/").pop(),
    full_slug: fullSlug,
    sort_by_date: null,
    position: 0,
    tag_list: [],
    is_startpage: false,
    parent_id: 0,
    meta_data: null,
    group_id: randomUUID(),
    first_published_at: "2024-01-02T10:00:00.000Z",
    release_id: null,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
    ...overrides,
  };
}

/** Files for `content/stories/<full_slug>.json`, keyed the way makeContentDir wants them. */
export function storyFiles(stories: { full_slug: string }[]): Record<string, unknown> {
  return Object.fromEntries(stories.map((s) => [`stories/${s.full_slug}.json`, s]));
}

/** A home page whose card list relates `count` projects (`projects/<prefix>0`, `<prefix>1`, …): the relation-batching fixture. */
export function homeRelatingProjects(count: number, prefix: string) {
  const related = Array.from({ length: count }, (_, i) => projectStory(`projects/${prefix}${i}`));
  const home = projectStory(
    "home",
    {},
    {
      component: "page",
      body: [{ _uid: randomUUID(), component: "card_list", projects: related.map((s) => s.uuid) }],
    },
  );
  return { home, related };
}

/**
 * Serves a content directory holding `files` (as makeContentDir takes them)
 * over HTTP to the enclosing suite: started before its tests, stopped after
 * them, with injected faults cleared after each test.
 */
export function serveForSuite(files: Record<string, unknown>): { readonly cdn: RunningCdn } {
  let running: RunningCdn | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const made = await makeContentDir(files);
    cleanup = made.cleanup;
    running = await startCdn(made.dir);
  });
  afterAll(async () => {
    await running?.close();
    await cleanup?.();
  });
  afterEach(() => running?.faults.clear());
  return {
    get cdn() {
      if (!running) throw new Error("the CDN starts in beforeAll: use it inside a test");
      return running;
    },
  };
}

/** serveForSuite for these stories, each at `stories/<full_slug>.json`. */
export function serveStoriesForSuite(stories: { full_slug: string }[]): { readonly cdn: RunningCdn } {
  return serveForSuite(storyFiles(stories));
}
