/**
 * Test harness: the local Management API over real HTTP on an ephemeral
 * port, over a temporary content folder, driven by the project's
 * Management API client (Storyblok's @storyblok/management-api-client).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { combineLocalApis } from "../../../../tools/local-management-api/local-apis";
import { createLocalCdn } from "../../../../src/content/sources/local-cdn/create-local-cdn";
import { serveOverHttp } from "../../../../src/content/sources/local-cdn/http-server";
import {
  createLocalManagementApi,
  type LocalManagementApi,
  type LocalManagementApiOptions,
} from "../../../../tools/local-management-api/create-local-management-api";
import { createManagementClient, type ManagementClient } from "../../../../tools/management-api/management-client";

export const TOKEN = "local-oauth";
export const SPACE_ID = 288868932106293;
/** The CDN's tokens on the same server, as `content serve` has them. */
const CDN_TOKEN = "local";
const CDN_PREVIEW_TOKEN = "local-preview";

export interface RunningManagementApi {
  url: string;
  dir: string;
  api: LocalManagementApi;
  /** A client as the CLI makes it; `requestsPerSecond` high unless a test is about the limit. */
  client(options?: { requestsPerSecond?: number; token?: string; spaceId?: number }): ManagementClient;
  /** A raw request to `/v1/spaces/<space>/<path>` with the token. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** `GET /v2/cdn/<path>` with the public token, or the preview token with `version=draft`. */
  cdn(path: string, version?: "published" | "draft"): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function tempContentDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "mapi-content-"));
}

export async function startManagementApi(dir?: string, options: Partial<LocalManagementApiOptions> = {}): Promise<RunningManagementApi> {
  const contentDir = dir ?? (await tempContentDir());
  const api = createLocalManagementApi({ dir: contentDir, oauthToken: TOKEN, spaceId: SPACE_ID, requestsPerSecond: Infinity, ...options });
  // The CDN beside it, checking the files on every request, as a test must see each write at once.
  const cdn = createLocalCdn({
    dir: contentDir,
    token: CDN_TOKEN,
    previewToken: CDN_PREVIEW_TOKEN,
    checkIntervalMs: 0,
    onProblems: () => undefined,
  });
  const running = await serveOverHttp(combineLocalApis(cdn, api), 0);
  return {
    url: running.url,
    dir: contentDir,
    api,
    client: (o = {}) =>
      createManagementClient({
        token: o.token ?? TOKEN,
        spaceId: o.spaceId ?? SPACE_ID,
        apiUrl: `${running.url}/v1`,
        requestsPerSecond: o.requestsPerSecond ?? 1000,
      }),
    call: (method, path, body, headers = {}) =>
      fetch(`${running.url}/v1/spaces/${SPACE_ID}/${path}`, {
        method,
        headers: { authorization: TOKEN, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async cdn(path, version = "published") {
      const url = new URL(`${running.url}/v2/cdn/${path}`);
      url.searchParams.set("token", version === "draft" ? CDN_PREVIEW_TOKEN : CDN_TOKEN);
      if (version === "draft") url.searchParams.set("version", "draft");
      const response = await fetch(url);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async close() {
      await running.close();
      if (!dir) await rm(contentDir, { recursive: true, force: true });
    },
  };
}

/** The error a client call failed with: its status and the body Storyblok would have sent. */
export async function failure(call: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response;
    if (response) return { status: response.status, data: response.data };
    throw error;
  }
  throw new Error("the call succeeded");
}
