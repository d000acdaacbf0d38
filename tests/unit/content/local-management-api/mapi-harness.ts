/**
 * Test harness: the local Management API over real HTTP on an ephemeral
 * port, over a temporary content folder, driven by the project's
 * Management API client (Storyblok's @storyblok/management-api-client).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveOverHttp } from "../../../../src/content/local-cdn/http-server";
import {
  createLocalManagementApi,
  type LocalManagementApi,
  type LocalManagementApiOptions,
} from "../../../../src/content/local-management-api/create-local-management-api";
import { createManagementClient, type ManagementClient } from "../../../../src/management/management-client";

export const TOKEN = "local-oauth";
export const SPACE_ID = 288868932106293;

export interface RunningManagementApi {
  url: string;
  dir: string;
  api: LocalManagementApi;
  /** A client as the CLI makes it; `requestsPerSecond` high unless a test is about the limit. */
  client(options?: { requestsPerSecond?: number; token?: string; spaceId?: number }): ManagementClient;
  /** A raw request to `/v1/spaces/<space>/<path>` with the token. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export async function tempContentDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "mapi-content-"));
}

export async function startManagementApi(
  dir?: string,
  options: Partial<LocalManagementApiOptions> = {},
): Promise<RunningManagementApi> {
  const contentDir = dir ?? (await tempContentDir());
  const api = createLocalManagementApi({ dir: contentDir, oauthToken: TOKEN, spaceId: SPACE_ID, requestsPerSecond: Infinity, ...options });
  const running = await serveOverHttp(api, 0);
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
