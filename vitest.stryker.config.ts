/**
 * The project's vitest config (vitest.config.ts), narrowed for mutation
 * testing (stryker.config.mjs) to the unit tests that import the mutated
 * folders in-process. Stryker reruns every related test file for a mutant in
 * code that runs at import time (a constant, a module-level regex), not only
 * the tests its `testFiles` names, so test files that cannot kill a mutant
 * must not be candidates at all. Left out: the codegen, migrate and
 * management tests that run bin/portfolio in a child process (the CLI, the
 * crash tests), `next build` or `tsc` over a copy of the site (scenarios),
 * watch files or time a rate-limited pull
 * (a child process never runs an active mutant, and the pull's timing
 * assertion fails under Stryker's runner), and every suite that imports none
 * of these folders (richtext fuzz, content, bench). Also left out:
 * migrate/space-run, whose tests run `migrate run --space` and `schema push`
 * as the CLI; in-process it only fills its space in `beforeAll` (space push,
 * which the management tests cover) and reads it back through the client and
 * the pager, which the client's own tests reach too. Each mutant of the client
 * it reached reran that `beforeAll` (generate, migrate new, a push: a minute
 * on two busy cores). And management/push-rate-limit, the one push at
 * Storyblok's 3 requests a second: it times what it asserts, and its half
 * minute of pushing would run again for every mutant of schema and space push
 * it reaches (the other push tests fill their spaces without the limit; the
 * client's window is pinned by request-window.test.ts).
 */
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

export const STRYKER_TEST_FILES = [
  "tests/unit/{contact,preview,security,publishing,http}/**/*.test.{ts,tsx}",
  "tests/unit/codegen/*.test.ts",
  "tests/unit/{migrate,management}/*.test.ts",
  // Renders blocks through src/preview (the live editor's notices).
  "tests/unit/blocks/blocks.test.tsx",
];

// Without the project's split into parallel and timed files (vitest.config.ts): its own file list.
const { projects: _projects, ...shared } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: STRYKER_TEST_FILES,
    exclude: [
      ...configDefaults.exclude,
      "tests/unit/codegen/{cli,schema-pull,watch,self-contained}.test.ts",
      "tests/unit/migrate/{scenarios,check-content,run-command,space-run}.test.ts",
      "tests/unit/{migrate,management}/*-{cli,crash}.test.ts",
      "tests/unit/management/push-rate-limit.test.ts",
    ],
  },
});
