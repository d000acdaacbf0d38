/**
 * The shared page cache's handler (src/publishing/shared-cache/cache-handler.mjs)
 * as Next.js makes and calls it, for the tests: a build folder with its id,
 * the handler made through the package's CacheHandler class, and pages in
 * the shape Next.js stores them. The environment (REDIS_URL, NEXT_PHASE) is
 * the caller's to set first: the handler reads it at its first page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type PageValue = { kind: "PAGES"; html: string; pageData: object; headers: undefined; status: undefined };

export interface NextCacheHandler {
  get(key: string, ctx?: object): Promise<{ value: PageValue } | null>;
  set(key: string, value: PageValue, ctx: object): Promise<void>;
}

export const page = (html: string): PageValue => ({
  kind: "PAGES",
  html,
  pageData: { pageProps: { html } },
  headers: undefined,
  status: undefined,
});
export const PAGE_CTX = { cacheControl: { revalidate: false }, tags: [] };

export interface HandlerUnderTest {
  handler: NextCacheHandler;
  /** Removes the build folder. */
  remove(): void;
}

export async function makeHandler(buildId: string): Promise<HandlerUnderTest> {
  const distDir = mkdtempSync(join(tmpdir(), "shared-cache-unit-"));
  mkdirSync(join(distDir, "server"));
  writeFileSync(join(distDir, "BUILD_ID"), buildId);
  const { default: CacheHandler } = await import("../../../src/publishing/shared-cache/cache-handler.mjs");
  // The context Next.js gives it (FileSystemCacheContext); the handler reads only these two.
  const context = { serverDistDir: join(distDir, "server"), dev: false } as unknown as ConstructorParameters<typeof CacheHandler>[0];
  return {
    handler: new CacheHandler(context) as unknown as NextCacheHandler,
    remove: () => rmSync(distDir, { recursive: true, force: true }),
  };
}
