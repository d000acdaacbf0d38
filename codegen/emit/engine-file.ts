import { ENGINE_SOURCE } from "../engine/source.js";
import type { GeneratedFile } from "../model.js";

/**
 * engine.ts: the validation engine that validators.ts runs its rules on,
 * copied into the output so generated code imports nothing outside its own
 * folder but React. The package owns it (engine/engine.ts); its text is
 * embedded at build time (engine/source.ts), so generating reads no file and
 * `check` reports drift when the engine changes.
 */
export function engineFile(header: string): GeneratedFile {
  return {
    path: "engine.ts",
    contents: `${header}// The validation engine validators.ts runs on, copied from storyblok-typed-codegen's engine/engine.ts.\n\n${ENGINE_SOURCE}`,
  };
}
