/**
 * The pages the build prerendered, from the build's prerender manifest
 * (`<distDir>/prerender-manifest.json`, `routes`: one key per path). A story
 * deleted or moved before this process made its first listing has its old
 * page in no listing, but, when it existed at build time, in this list:
 * "every page" includes them. The manifest is Next.js's file, not an API:
 * when it cannot be read (another layout, a platform that does not ship it)
 * this is said once and the list is empty, so plans fall back to the
 * listings' pages; tests/unit/publishing/build-pages.test.ts reads a real
 * build's manifest so a change of shape is seen.
 */
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { distDir } from "../deploy/dist-dir";
import { pagePath } from "./site-pages";

/** The site's page paths among a manifest's routes (`/`, `/projects/…`), sorted. */
export function pagesInManifest(manifest: unknown): string[] {
  const routes = (manifest as { routes?: unknown } | null)?.routes;
  if (typeof routes !== "object" || routes === null) throw new Error("it has no routes object");
  // A route is a page of a story when it is what pagePath makes of a full_slug.
  return Object.keys(routes)
    .filter((path) => path === "/" || (path.startsWith("/projects/") && pagePath(path.slice(1)) === path))
    .sort();
}

export function buildPagesReader(dir: string = resolve(distDir()), log: (line: string) => void = console.error): () => Promise<readonly string[]> {
  let pages: Promise<readonly string[]> | undefined;
  return () =>
    (pages ??= readFile(join(dir, "prerender-manifest.json"), "utf8")
      .then((text) => pagesInManifest(JSON.parse(text)))
      .catch((error: unknown) => {
        log(`revalidate: the build's pages are unknown (${join(dir, "prerender-manifest.json")}: ${error instanceof Error ? error.message : String(error)}); "every page" is the listed stories' pages`);
        return [];
      }));
}
