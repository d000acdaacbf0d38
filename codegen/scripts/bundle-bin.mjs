#!/usr/bin/env node
// Bundles the bin into two CommonJS files beside tsc's output:
//
// - dist/cli/bin.cjs, the bin: turns on Node's compile cache, then requires
//   the CLI. Only modules loaded after the cache is on are cached, so the
//   CLI is a file of its own.
// - dist/cli/program.cjs, the CLI (cli/program.ts) with the generator and
//   commander in it: one file read and compiled instead of some sixty
//   modules resolved and linked. The Management API client and ts-morph stay
//   external, loaded by `pull` and `scaffold` alone (a dynamic import, kept
//   as one: the client's own dependencies are ESM only).
//
// CommonJS, not ESM: Node's ESM loader resolves, links and translates each
// module and wraps each built-in (`node:fs`, whose facade loads the stream
// modules) where require() does neither. That was 25–50 ms of every run on a
// slow machine, a seventh of `generate` on a 1,000-component schema. The
// library's own modules (the package's exports) stay ESM as tsc writes them;
// the bin imports none of them, so no class (BadInput) exists twice. tsc's
// ESM bin (dist/cli/bin.js) is removed: the CommonJS one is the only bin.
// `npm run build` runs this after tsc.
import { readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

const dist = new URL("../dist/cli/", import.meta.url).pathname;
const common = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: `node${manifest.engines.node.replace(/^>=/, "")}`,
  logLevel: "warning",
};

await build({
  ...common,
  entryPoints: [`${dist}program.js`],
  outfile: `${dist}program.cjs`,
  external: ["@storyblok/management-api-client", "ts-morph"],
  // The CLI reads its own package.json and loads ts-morph through createRequire(import.meta.url);
  // CommonJS has no import.meta, so the bundle gives it the file's own URL. (The bin itself uses none.)
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});
await build({
  ...common,
  entryPoints: [`${dist}bin.js`],
  outfile: `${dist}bin.cjs`,
  // The bin requires the CLI's bundle when it runs, after the compile cache is on: its import of
  // ./program.js becomes a module of one line that requires program.cjs (an import() of it would
  // take the ESM loader's path this bundle avoids).
  plugins: [
    {
      name: "program-bundle",
      setup(bundle) {
        bundle.onResolve({ filter: /^\.\/program\.js$/ }, () => ({ path: "program", namespace: "program-bundle" }));
        bundle.onResolve({ filter: /^\.\/program\.cjs$/ }, () => ({ path: "./program.cjs", external: true }));
        bundle.onLoad({ filter: /.*/, namespace: "program-bundle" }, () => ({
          contents: 'module.exports = require("./program.cjs");',
          loader: "js",
        }));
      },
    },
  ],
});
rmSync(`${dist}bin.js`);
rmSync(`${dist}bin.d.ts`);
