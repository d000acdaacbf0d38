#!/usr/bin/env node
// Bundles the bin: dist/cli/bin.js (tsc's output) becomes one module with the
// generator in it, and each lazily loaded command (check, watch, pull,
// scaffold) a chunk beside it in dist/cli/bin-chunks/, shared code in shared
// chunks. A `generate` run then loads three files instead of some sixty:
// resolving and compiling each module was about a tenth of its time on a
// 1,000-component schema. The library's own modules (the package's exports)
// stay as tsc writes them; the bin imports none of them, so no class (BadInput)
// exists twice. Dependencies stay external: installed beside the package, and
// the Management API client and ts-morph are loaded only by their commands.
// `npm run build` runs this after tsc.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const dist = new URL("../dist/cli/", import.meta.url).pathname;

await build({
  entryPoints: { bin: `${dist}bin.js` },
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  chunkNames: "bin-chunks/[name]-[hash]",
  format: "esm",
  platform: "node",
  target: `node${manifest.engines.node.replace(/^>=/, "")}`,
  external: Object.keys(manifest.dependencies),
  logLevel: "warning",
});
