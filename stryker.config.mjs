// Mutation testing (issue 20, "Tests that catch the bug, not only the example").
// Stryker plants one small bug at a time in the code below and runs the unit
// tests that cover it; a mutant that no test notices marks a check no test pins.
//
//   npm run mutate                                        # every folder below
//   npm run mutate -- --mutate 'src/contact/**/*.ts'      # one folder
//   npm run mutate -- --mutate 'src/preview/preview-token.ts'
//
// Not part of `npm test`: a full run takes many minutes on two cores.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The security- and limit-relevant code: webhook signature, body limits and
  // revalidation (publishing), preview tokens, redirects and cookies (preview),
  // honeypot, rate limit and body limits (contact), and how schema flags such
  // as `required` are read (codegen/normalise). TypeScript modules only: the
  // .tsx files in src/preview are React glue (hooks wiring the bridge and live
  // content to the modules mutated here), exercised by the Playwright suite,
  // and hold no check of their own.
  // src/http holds the body reader both the webhook and the contact API use
  // (its size and time limits), so it is mutated with them.
  // tools/ holds every write to an owner's content or space: migrations/ (migrate
  // run/undo), schema-push/, space-push/, management-api/ (the client's retries)
  // and crash-point.ts (where the crash tests stop a write).
  mutate: [
    "src/publishing/**/*.ts",
    "src/preview/**/*.ts",
    "src/security/**/*.ts",
    "src/contact/**/*.ts",
    "src/http/**/*.ts",
    "codegen/normalise/**/*.ts",
    "tools/migrations/**/*.ts",
    "tools/schema-push/**/*.ts",
    "tools/space-push/**/*.ts",
    "tools/management-api/**/*.ts",
    "tools/crash-point.ts",
  ],

  testRunner: "vitest",
  vitest: {
    // The project's config (vitest.config.ts: environment, timeouts, pool),
    // with `include` narrowed to the tests that import these folders
    // in-process; vitest.stryker.config.ts says which are left out and why.
    configFile: "vitest.stryker.config.ts",
    // Of those, only test files that import the mutated file (directly or
    // not) are run: `npm run mutate -- --mutate 'src/contact/**/*.ts'` runs
    // the contact tests, not the codegen ones.
    related: true,
  },
  // Each test records which mutants it reaches; a mutant then runs only the
  // tests that reach it, not every related test file. This is what keeps a
  // run to minutes.
  coverageAnalysis: "perTest",

  // Static mutants sit in code that runs at import time (`16 * 1024`, a
  // module-level regex). Stryker found 415 here; by default each one reruns
  // every related test file on a fresh import, which it estimated at 99% of
  // the run (over an hour on two cores). With ignoreStatic, the ones some
  // test also reaches at run time are tested with those tests like any other
  // mutant, and only those reached at import time alone (41, shown as
  // "Ignored") are skipped; the limits they hold are pinned by value in the
  // tests (MAX_WEBHOOK_BYTES, MAX_BODY_BYTES, TOKEN_MAX_AGE_SECONDS). The
  // full run: STRYKER_STATIC=1 npm run mutate
  ignoreStatic: process.env.STRYKER_STATIC !== "1",

  // A mutant that does not type-check (e.g. `"a" - 1`) would fail at build
  // time, never in production: the checker discards it before any test runs,
  // so the score counts only bugs that could ship. It needs the tree to
  // type-check at the start (`npm run typecheck`).
  checkers: ["typescript"],
  // Stryker marks files `// @ts-nocheck` in the test sandbox (instrumented
  // code does not type-check); by default every file under src/, which broke
  // the codegen golden tests that compare src/generated/ as text. Only the
  // mutated files need it.
  disableTypeChecks:
    "{src/publishing,src/preview,src/security,src/contact,src/http,codegen/normalise,tools/migrations,tools/schema-push,tools/space-push,tools/management-api}/**/*.ts",
  // The checker's own project: the mutated folders and what they import, not
  // the tests, pages and scripts tsconfig.json adds. It rechecks a mutated
  // file's dependents for every mutant, and the whole project made it the
  // bottleneck of a run (three quarters of a core while the tests used a
  // quarter); this one is half the files and a third of the check time.
  tsconfigFile: "tsconfig.stryker.json",
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },

  // The machine and CI have two cores, and other jobs (tests, builds) may run
  // beside this: two workers, no more (Stryker makes them one type checker
  // and one test runner; the runner gets both once the checks are done).
  concurrency: 2,
  // The HTTP-level tests (real sockets, the local content API) are slower than
  // pure functions, and the machine may be busy: a generous absolute margin
  // keeps slow runs from being counted as "timeout" (an infinite loop).
  timeoutMS: 20_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 15,

  // Reports under a git-ignored folder: open reports/mutation/index.html.
  reporters: ["html", "json", "clear-text", "progress"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // Sandboxes are copies of the tree; keep build output and test artefacts out.
  // public/assets is a symlink to content/assets, which Stryker cannot copy
  // (EISDIR); no unit test reads it.
  tempDirName: ".stryker-tmp",
  ignorePatterns: ["reports", ".next", ".next-*", "test-results", "playwright-report", "coverage", ".data", "tmp", "out", "public/assets"],
  cleanTempDir: true,
};
