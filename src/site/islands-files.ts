import { readFileSync } from "node:fs";
import { join } from "node:path";
import { distDir } from "./dist-dir";
import { ISLANDS_MANIFEST } from "./islands-build";

/** The manifest's list, if it is one: build-relative paths of the build's static files. */
function isScriptList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((file) => typeof file === "string" && /^static\/[\w./-]+\.js$/.test(file) && !file.includes(".."));
}

/** The manifest in a build folder: its script files, or null when it is missing or not what the build writes. */
export function readIslandsManifest(buildFolder: string): string[] | null {
  try {
    const listed: unknown = JSON.parse(readFileSync(join(buildFolder, ISLANDS_MANIFEST), "utf8"));
    return isScriptList(listed) ? listed : null;
  } catch {
    return null;
  }
}

/** Read once per server process: a running server's build never changes. */
let files: readonly string[] | null | undefined;

/**
 * The islands script's files (src/site/islands-build.ts) as the page's
 * script paths, in load order; null when the build has none readable (a
 * build from before it, or a server without the build's static folder
 * beside it): the pages then hydrate as a whole instead of being served as
 * static HTML.
 */
export function islandScripts(assetPrefix = ""): readonly string[] | null {
  files ??= readIslandsManifest(join(process.cwd(), distDir()));
  return files && files.map((file) => `${assetPrefix}/_next/${file}`);
}
