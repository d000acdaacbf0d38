/**
 * Test harness: `portfolio content serve`'s handler over HTTP (cdn-harness)
 * behind the counting proxy, so requests are counted where the content API
 * would count them, whichever client or "process" sent them.
 */
import { afterAll, beforeAll } from "vitest";
import { createContentClient, type ContentClient, type ContentClientOptions } from "../../../src/content/access/client";
import type { ContentSource } from "../../../src/content/sources/content-source";
import { startCountingProxy, type CountingProxy } from "../../support/counting-proxy";
import { makeContentDir, startCdn, type RunningCdn } from "./cdn-harness";

export interface ProxiedCdn {
  cdn: RunningCdn;
  proxy: CountingProxy;
  dir: string;
  /** The content source for the API behind the proxy. */
  source(): Extract<ContentSource, { kind: "storyblok" }> & { endpoint: string };
  /** A new client that sends through the proxy (the process's limiter unless `options.limiter`). */
  client(options?: Omit<ContentClientOptions, "source">): ContentClient;
  /** The API's current cv, asked of the server directly (not counted). */
  currentCv(): Promise<number>;
}

export async function startProxiedCdn(files: Record<string, unknown>): Promise<ProxiedCdn & { close(): Promise<void> }> {
  const made = await makeContentDir(files);
  const cdn = await startCdn(made.dir);
  const proxy = await startCountingProxy(cdn.url);
  const source = () => ({ kind: "storyblok" as const, token: cdn.token, previewToken: cdn.previewToken, endpoint: `${proxy.url}/v2` });
  return {
    cdn,
    proxy,
    dir: made.dir,
    source,
    client: (options = {}) => createContentClient({ ...options, source: source() }),
    async currentCv() {
      const body = (await (await cdn.api("spaces/me")).json()) as { space: { version: number } };
      return body.space.version;
    },
    async close() {
      await proxy.close();
      await cdn.close();
      await made.cleanup();
    },
  };
}

/** startProxiedCdn for the enclosing suite: started before its tests, stopped after them. */
export function proxiedCdnForSuite(files: Record<string, unknown>): { readonly served: ProxiedCdn } {
  let running: (ProxiedCdn & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    running = await startProxiedCdn(files);
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get served() {
      if (!running) throw new Error("the proxied CDN starts in beforeAll: use it inside a test");
      return running;
    },
  };
}
