import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addIslandsEntry, ISLANDS_ENTRY, ISLANDS_MANIFEST, type BrowserBuildConfig } from "../../../src/site/islands-build";
import { readIslandsManifest } from "../../../src/site/islands-files";

/** Next.js's production browser build config, in the parts the islands entry touches. */
function browserBuild(): BrowserBuildConfig & { entry: () => Promise<Record<string, unknown>> } {
  return {
    entry: async () => ({ main: ["./main.js"], "pages/_app": ["./_app.js"] }),
    plugins: [],
    // As Next.js writes it: main and _app are never split.
    optimization: { splitChunks: { chunks: (chunk: { name?: string | null }) => !/^(polyfills|main|pages\/_app)$/.test(chunk.name ?? "") } },
  };
}

describe("addIslandsEntry", () => {
  it("adds the islands entry beside Next.js's, standing alone (no dependOn, so no React), and keeps theirs", async () => {
    const config = browserBuild();
    addIslandsEntry(config);
    const entries = await (config.entry as () => Promise<Record<string, unknown>>)();
    expect(Object.keys(entries)).toEqual(["main", "pages/_app", ISLANDS_ENTRY]);
    const islands = entries[ISLANDS_ENTRY] as { import: string[]; dependOn?: unknown };
    expect(islands.import).toEqual([expect.stringMatching(/src\/site\/islands-entry\.ts$/)]);
    // Present and undefined: Next.js spreads the entry over its own `dependOn: "main"`.
    expect(Object.hasOwn(islands, "dependOn") && islands.dependOn === undefined).toBe(true);
    expect(config.plugins).toHaveLength(1);
  });

  it("keeps the islands chunk whole and leaves Next.js's splitting of every other chunk as it was", () => {
    const config = browserBuild();
    addIslandsEntry(config);
    const chunks = (config.optimization?.splitChunks as { chunks: (chunk: { name?: string | null }) => boolean }).chunks;
    expect([ISLANDS_ENTRY, "main", "pages/_app", "pages/index", null].map((name) => chunks({ name }))).toEqual([false, false, false, true, true]);
  });

  it("stops the build with a clear error when Next.js's config is not what it expects", () => {
    expect(() => addIslandsEntry({ entry: { main: "./main.js" } })).toThrow(/entries/);
    expect(() => addIslandsEntry({ entry: async () => ({}), optimization: { splitChunks: { chunks: "async" } } })).toThrow(/splitChunks/);
  });
});

describe("readIslandsManifest", () => {
  const folder = (manifest: string | null) => {
    const dir = mkdtempSync(join(tmpdir(), "islands-"));
    if (manifest !== null) {
      mkdirSync(join(dir, "static"), { recursive: true });
      writeFileSync(join(dir, ISLANDS_MANIFEST), manifest);
    }
    return dir;
  };

  it("reads the script files the build wrote", () => {
    const files = ["static/chunks/webpack-1a.js", "static/chunks/islands-2b.js"];
    expect(readIslandsManifest(folder(JSON.stringify(files)))).toEqual(files);
  });

  it("gives null, so the pages hydrate as a whole, for a missing, malformed or foreign manifest", () => {
    for (const manifest of [null, "{", "[]", '{"a":1}', '["static/chunks/a.js", 3]', '["/etc/passwd.js"]', '["static/../../x.js"]', '["static/chunks/a.css"]']) {
      expect(readIslandsManifest(folder(manifest)), String(manifest)).toBeNull();
    }
  });
});
