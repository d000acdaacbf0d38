#!/usr/bin/env node
// Makes the built bin executable. esbuild writes dist/cli/bin.cjs without the run
// bit, and npm sets it only when it links a package's bins: in this repository
// the workspace is linked before its dist/ exists, so `npx storyblok-typed-codegen`
// answered "Permission denied". `npm run build` runs this after bundle-bin.mjs.
import { chmodSync } from "node:fs";

chmodSync(new URL("../dist/cli/bin.cjs", import.meta.url), 0o755);
