/**
 * The repository's root folder, for tests that read its files or run its CLI.
 * Its own module, free of imports: tests/unit/codegen/helpers.ts also exports
 * it, but loads the TypeScript compiler and the generator with it, about 0.4 s
 * of CPU in every test file that only wanted this path.
 */
import { resolve } from "node:path";

export const REPO = resolve(import.meta.dirname, "../..");
