import { resolve } from "node:path";

/**
 * The build's islands script (issue 11, phone speed): a webpack entry of
 * its own in the browser build, beside Next.js's, for the pages served as
 * static HTML (src/site/static-page.ts).
 *
 * Such a page never renders React, so Next.js's client runtime (its `main`
 * chunk, React, the app and the page) would be parsed and run on a phone
 * for nothing but to find the markup already there: the longest tasks while
 * the page loads, and most of its JavaScript. The islands entry
 * (src/site/islands-entry.ts) carries only what such a page does: the menu,
 * the scroll reveals, the contact form (whose React comes once it is near),
 * and the new-build reload.
 *
 * Its files have content-hashed names, which only the build knows, so the
 * browser build writes them to ISLANDS_MANIFEST in the build's folder, and
 * the server's document reads them from there (src/site/islands-files.ts).
 */
export const ISLANDS_ENTRY = "islands";
// With the build's static files, which a deploy of a standalone build copies beside its server as it must.
export const ISLANDS_MANIFEST = "static/islands-manifest.json";
const ISLANDS_SOURCE = "src/site/islands-entry.ts";

// What of webpack's API this uses, typed here: next.config's webpack hook hands over Next.js's own copy.
interface Chunk {
  name?: string | null;
}
interface Compilation {
  entrypoints: Map<string, { getFiles(): string[] }>;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, run: () => void): void } };
  emitAsset(file: string, source: unknown): void;
}
interface Compiler {
  webpack: { Compilation: { PROCESS_ASSETS_STAGE_REPORT: number }; sources: { RawSource: new (text: string) => unknown } };
  hooks: { thisCompilation: { tap(name: string, run: (compilation: Compilation) => void): void } };
}
type Entries = Record<string, unknown>;
export interface BrowserBuildConfig {
  entry?: unknown;
  plugins?: unknown[];
  optimization?: { splitChunks?: false | { chunks?: unknown } };
}

const PLUGIN = "IslandsManifestPlugin";

/** Writes the islands entry's script files, in the order they load, once every file has its final name. */
class IslandsManifestPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entry = compilation.entrypoints.get(ISLANDS_ENTRY);
        if (!entry) throw new Error(`${PLUGIN}: the browser build has no "${ISLANDS_ENTRY}" entry`);
        const scripts = entry.getFiles().filter((file) => file.endsWith(".js"));
        compilation.emitAsset(ISLANDS_MANIFEST, new sources.RawSource(JSON.stringify(scripts)));
      });
    });
  }
}

/**
 * Adds the islands entry to Next.js's production browser build, and its
 * manifest. The entry is one file besides webpack's runtime, which all the
 * build's entries share: not split into chunks shared with the pages, which
 * would make a static page ask for more files for the same code.
 */
export function addIslandsEntry(config: BrowserBuildConfig): void {
  const entries = config.entry;
  if (typeof entries !== "function") throw new Error("next.config: Next.js's browser build no longer lists its entries with a function");
  const source = resolve(ISLANDS_SOURCE);
  // Next.js makes every browser entry depend on its `main` (and so React);
  // an explicit `dependOn: undefined` keeps this one standing alone.
  const islands = { import: [source], dependOn: undefined };
  config.entry = async () => ({ ...((await (entries as () => Promise<Entries>)()) ?? {}), [ISLANDS_ENTRY]: islands });
  const splitChunks = config.optimization?.splitChunks;
  if (splitChunks) {
    const splits = splitChunks.chunks;
    if (typeof splits !== "function" && splits !== "all" && splits !== undefined) throw new Error(`next.config: unexpected splitChunks.chunks in Next.js's browser build: ${String(splits)}`);
    splitChunks.chunks = (chunk: Chunk) => chunk.name !== ISLANDS_ENTRY && (typeof splits !== "function" || Boolean(splits(chunk)));
  }
  (config.plugins ??= []).push(new IslandsManifestPlugin());
}
