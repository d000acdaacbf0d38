#!/usr/bin/env node
/**
 * The package's bin: the CLI (program.ts) on this process's arguments. The
 * library (../index.ts) returns data; the CLI touches the disk and chooses
 * the exit code. exitCode, not exit(): a long diff on a pipe is flushed first.
 *
 * V8's compile cache first (Node ≥ 22.1; absent before, and off with
 * NODE_DISABLE_COMPILE_CACHE=1), in the system's temporary folder as
 * TypeScript's tsc keeps it: a run after the first skips most of compiling the
 * CLI, some 5 % of generate on a 1,000-component schema. The CLI is loaded after it,
 * as only modules loaded later are cached. The published bin is this file
 * bundled as CommonJS (scripts/bundle-bin.mjs), so no top-level await.
 */
import module from "node:module";

// Declared from Node 22.1's types on; this package's floor (Node 20) has neither the function nor its type.
(module as typeof module & { enableCompileCache?: () => unknown }).enableCompileCache?.();
void import("./program.js").then(async ({ runCli }) => {
  process.exitCode = await runCli(process.argv.slice(2));
});
