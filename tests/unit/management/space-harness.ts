/**
 * Test harness for `space push`: a local space as `portfolio content serve`
 * runs it (the Management API under /v1/ and the CDN under /v2/, one
 * server, one content folder) over real HTTP on port 0, with the space's
 * components pushed first (`schema push`), as a push needs them in a real
 * space.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createContentClient, type ContentClient } from "../../../src/content/access/client";
import { createLocalCdn } from "../../../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp } from "../../../src/content/sources/local-cdn/http-server";
import { createStoryStore } from "../../../src/content/sources/local-cdn/story-store";
import { combineLocalApis } from "../../../tools/local-management-api/local-apis";
import { createLocalManagementApi, type LocalManagementApi } from "../../../tools/local-management-api/create-local-management-api";
import type { AnsweredRequest } from "../../../tools/local-management-api/request-log";
import { createManagementClient, type ManagementClient } from "../../../tools/management-api/management-client";
import { pushSchema } from "../../../tools/schema-push/push-schema";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const CONTENT = join(ROOT, "content");
export const COMPONENTS = join(ROOT, "schema", "components.json");
export const OAUTH_TOKEN = "local-oauth";
export const SPACE_ID = 1;

export interface LocalSpace {
  url: string;
  apiUrl: string;
  dir: string;
  /** The CDN's public and preview access tokens (`${url}/v2`). */
  token: string;
  previewToken: string;
  mapi: LocalManagementApi;
  /**
   * The Management API client as the CLI makes it, one for the space: its request window covers every
   * call. At the space's rate (Storyblok's 3 requests per second by default); a space without a limit
   * gets a client without one in effect (1,000 a second), so a test about what is written does not
   * wait out a limit another test proves (push-rate-limit.test.ts).
   */
  client(): ManagementClient;
  /** storyblok-js-client with the public token: published content only. */
  publicClient(): ContentClient;
  /** storyblok-js-client with the preview token: drafts too. */
  previewClient(): ContentClient;
  close(): Promise<void>;
}

let tokens = 0;

/** Stands between the client and the local Management API: answers a request itself, or `forward`s it (a planted failure). */
export type Interceptor = (request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>;

/** A space over `dir`, answering at Storyblok's 3 requests per second unless told otherwise. */
export async function startLocalSpace(
  dir: string,
  { requestsPerSecond = 3, intercept }: { requestsPerSecond?: number; intercept?: Interceptor } = {},
): Promise<LocalSpace> {
  // storyblok-js-client caches per token: every space (and every restart of one) gets its own.
  const token = `space-push-${++tokens}-${process.pid}`;
  const previewToken = `${token}-preview`;
  const store = createStoryStore(dir, { checkIntervalMs: 0, onProblems: () => {} });
  const cdn = createLocalCdn({ dir, token, previewToken, store, checkIntervalMs: 0, spaceId: String(SPACE_ID) });
  const mapi = createLocalManagementApi({ dir, oauthToken: OAUTH_TOKEN, spaceId: SPACE_ID, requestsPerSecond });
  const apis = combineLocalApis(cdn, mapi);
  const running = await serveOverHttp(intercept ? (request) => intercept(request, apis) : apis, 0);
  // Node closes an idle kept-alive connection after 5 s; a CLI starved of CPU on a busy machine may send its
  // next request on it as it closes ("fetch failed": other side closed). Tests are not about that race.
  running.server.keepAliveTimeout = 60_000;
  const source = { kind: "storyblok" as const, token, previewToken, endpoint: `${running.url}/v2` };
  let client: ManagementClient | undefined;
  return {
    url: running.url,
    apiUrl: `${running.url}/v1`,
    dir,
    token,
    previewToken,
    mapi,
    client: () =>
      (client ??= createManagementClient({
        token: OAUTH_TOKEN,
        spaceId: SPACE_ID,
        apiUrl: `${running.url}/v1`,
        requestsPerSecond: Number.isFinite(requestsPerSecond) ? requestsPerSecond : 1000,
      })),
    publicClient: () => createContentClient({ source }),
    previewClient: () => createContentClient({ source, access: "preview" }),
    close: running.close,
  };
}

/**
 * A space in `dir` holding content/'s stories, as a push would leave them (the local space keeps
 * stories where the CDN reads them), answering with no rate limit.
 */
export async function spaceHoldingContent(dir: string): Promise<LocalSpace> {
  await cp(join(CONTENT, "stories"), join(dir, "stories"), { recursive: true });
  await cp(join(CONTENT, "drafts"), join(dir, "drafts"), { recursive: true });
  return startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
}

let template: Promise<string> | undefined;

/**
 * A new content folder holding an empty space with the schema's components,
 * groups and datasources, as `schema push` leaves it (space push's first
 * step): pushed once on a space with no limit, then copied for each test.
 */
export async function spaceWithComponents(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), "space-push-template-"));
    const space = await startLocalSpace(dir, { requestsPerSecond: Number.POSITIVE_INFINITY });
    try {
      const client = createManagementClient({ token: OAUTH_TOKEN, spaceId: SPACE_ID, apiUrl: space.apiUrl, requestsPerSecond: 1000 });
      const { outcome } = await pushSchema(client, { schemaDir: join(ROOT, "schema") });
      if (outcome !== "applied") throw new Error(`schema push: ${outcome}`);
    } finally {
      await space.close();
    }
    return dir;
  })();
  const dir = await mkdtemp(join(tmpdir(), "space-push-space-"));
  await cp(await template, dir, { recursive: true });
  return dir;
}

/** Removes folders made by the harness. */
export async function removeDirs(dirs: readonly string[]): Promise<void> {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  // The template goes with the last test file's folders; the next file in the same worker (vitest's
  // unit-tools project shares modules between files) pushes a new one.
  const made = template;
  template = undefined;
  if (made) await rm(await made, { recursive: true, force: true });
}

/** Requests that change the space: everything but reads (a GET that publishes, unpublishes or finishes an upload is a write). */
export function isWrite(request: AnsweredRequest): boolean {
  if (request.method !== "GET") return true;
  return /\/(publish|unpublish|finish_upload)(\?|$)/.test(request.path);
}

export function isCreate(request: AnsweredRequest): boolean {
  return request.method === "POST" && /\/v1\/spaces\/\d+\/(stories|assets)\/?(\?|$)/.test(request.path);
}

/** Counted at the emulator's own admissions (admissions.ts). */
export { busiestSecond } from "./admissions";
