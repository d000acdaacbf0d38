import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GeneratedFile } from "../model";
import { fileHeader } from "./header";

/**
 * engine.ts: the validation engine that validators.ts runs its rules on,
 * copied into the output so generated code imports nothing outside its own
 * folder but React. src/validation/engine.ts stays the one implementation
 * (the site and `content validate` use it directly); this is a verbatim copy
 * of it, so `portfolio check` reports drift when the engine changes.
 */
export function engineFile(schemaLabel: string): GeneratedFile {
  return {
    path: "engine.ts",
    contents: `${fileHeader(schemaLabel)}// A verbatim copy of src/validation/engine.ts, which validators.ts runs on.\n\n${engineSource()}`,
  };
}

const ENGINE = join("src", "validation", "engine.ts");
let cached: string | undefined;

/**
 * The engine's text, read once. The generator runs from its sources (tsx,
 * vitest) or from a bundle under node_modules/.cache (bin/portfolio.js), so
 * the checkout is found by walking up from this module, then from the
 * working directory.
 */
function engineSource(): string {
  if (cached !== undefined) return cached;
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = start; ; dir = dirname(dir)) {
      const path = join(dir, ENGINE);
      if (existsSync(path) && existsSync(join(dir, "codegen", "generate.ts"))) return (cached = readFileSync(path, "utf8"));
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error(`the validation engine (${ENGINE}) was not found above ${starts.join(" or ")}`);
}
