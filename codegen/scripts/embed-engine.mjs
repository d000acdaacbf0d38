#!/usr/bin/env node
// Writes engine/source.ts: the text of engine/engine.ts as a string, which
// emit/engine-file.ts copies into every output. The generator then reads no
// file at run time, wherever it runs from (its dist, its sources under tsx or
// vitest, or a bundle). `npm run build` runs this first; a unit test fails
// when the committed source.ts is stale.
import { readFileSync, writeFileSync } from "node:fs";

const engine = new URL("../engine/engine.ts", import.meta.url);
const target = new URL("../engine/source.ts", import.meta.url);
const text = readFileSync(engine, "utf8");
const contents = `// Written by \`npm run embed-engine\` (scripts/embed-engine.mjs) from engine.ts. Do not edit.\n\n/** The text of engine.ts, copied into every output as engine.ts. */\nexport const ENGINE_SOURCE = ${JSON.stringify(text)};\n`;
let current = "";
try {
  current = readFileSync(target, "utf8");
} catch {}
if (current !== contents) writeFileSync(target, contents);
