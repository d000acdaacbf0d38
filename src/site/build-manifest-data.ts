import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { distDir } from "./dist-dir";

/**
 * Next.js's client build manifest, handed to the page as data in its HTML
 * instead of as one more script request.
 *
 * Next.js lists `_buildManifest.js` (which chunks each route needs) among a
 * page's first scripts, though its router reads it only to prefetch or to
 * navigate on the client. It is half a kilobyte, yet a request of its own,
 * with its headers: on a phone's first load a round trip for little. Read
 * from the build here, it rides in the HTML as JSON, and the loader
 * (src/site/paint-first-boot.ts) sets it where the router looks
 * (`self.__BUILD_MANIFEST`) before the chunks run.
 *
 * Its sibling `_ssgManifest.js` stays a script: `next build` writes the real
 * one only after it has rendered the static pages (an empty placeholder
 * until then), so a static page's HTML cannot carry it.
 */
export type BuildManifest = Record<string, unknown> & { sortedPages: string[] };

/** A script's path without its query or fragment. */
function pathOf(src: string): string {
  return src.replace(/[?#].*$/, "");
}

/** Whether a script of the page's list is the build manifest. */
export function isBuildManifest(src: string): boolean {
  return /\/_buildManifest\.js$/.test(pathOf(src));
}

/**
 * Runs the file's code (the build's own output, never content) in an empty
 * context and takes what it assigns to `self`, as plain data. Null when it
 * says anything else: the page then loads the file as a script, as Next.js
 * would.
 */
export function evaluateBuildManifest(code: string): BuildManifest | null {
  try {
    const self: Record<string, unknown> = {};
    // Serialised inside the context: what the page will receive, and no object of another realm taken out.
    runInNewContext(`${code};\nself.__JSON=JSON.stringify(self.__BUILD_MANIFEST)`, { self }, { timeout: 1000 });
    if (typeof self.__JSON !== "string") return null;
    const manifest = JSON.parse(self.__JSON) as unknown;
    if (!manifest || typeof manifest !== "object" || Array.isArray(manifest)) return null;
    const pages = (manifest as { sortedPages?: unknown }).sortedPages;
    if (!Array.isArray(pages) || !pages.every((page) => typeof page === "string")) return null;
    return manifest as BuildManifest;
  } catch {
    return null;
  }
}

/** Per path, read once per server process: a running server's build never changes. */
const read = new Map<string, BuildManifest | null>();

/** The manifest behind the script path a page lists (`/_next/static/<build id>/_buildManifest.js`), or null. */
export function readBuildManifest(src: string): BuildManifest | null {
  if (!read.has(src)) {
    let manifest: BuildManifest | null = null;
    try {
      const file = join(process.cwd(), distDir(), pathOf(src).replace(/^.*?\/_next\//, ""));
      manifest = evaluateBuildManifest(readFileSync(file, "utf8"));
    } catch {
      // Not beside the server (static files served from elsewhere): the page loads it as a script.
    }
    read.set(src, manifest);
  }
  return read.get(src) ?? null;
}
