import { join } from "node:path";
import { REPO } from "./repo-root";

/**
 * TypeScript 7's `tsc`, the native compiler, as `npm run typecheck` runs it (scripts/native-typecheck):
 * for tests that check code the way a developer's `tsc` does, in a process of its own. It type-checks
 * this repository in a third of 6.0's CPU; 6.0 stays the project's TypeScript for its JavaScript API.
 */
export const NATIVE_TSC = join(REPO, "scripts/native-typecheck/node_modules/typescript/bin/tsc");
