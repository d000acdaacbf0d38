import { existsSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { HANG_GUARD_MS } from "./tests/support/hang-guard";

const cores = availableParallelism();

/**
 * Files that spend most of their time waiting on real timers and servers: rate limits and time
 * windows, body deadlines, batches, Redis going away and coming back. None holds a wall-clock
 * limit (a limit is checked from the side a busy machine cannot break, the rest is the event
 * under a hang guard, tests/support/hang-guard.ts; a speed is a benchmark's figure), so they
 * would pass beside anything. They stay a project of their own for the suite's time, not their
 * clocks: about a minute of wall time for half a minute of CPU, they fill the CPU the publishing
 * browser tests leave idle in npm test's last phase (scripts/test-all.sh), where they cost no
 * time, instead of adding their CPU to the first phase, which the builds keep busy.
 */
const TIMED = [
  "codegen/schema-pull",
  "codegen/watch",
  "contact/contact-post",
  "contact/contact-text",
  "contact/drain-dispatch",
  "contact/read-body",
  "content/client-limits",
  "content/limiter-parts",
  "content/request-limit",
  "content/request-limit-redis",
  "content/request-priority",
  "content/shared-cv",
  "deploy/fetch-with-retry",
  "http/read-body",
  "management/management-client-refused",
  "publishing/batch-queue",
  "publishing/bulk-publish",
  "publishing/shared-map",
  "publishing/webhook-route",
  "shared-cache/cache-handler",
].map((name) => {
  // A moved or renamed file would otherwise fall silently into the parallel run.
  const file = (ext: string) => new URL(`./tests/unit/${name}.test.${ext}`, import.meta.url);
  if (!existsSync(file("ts")) && !existsSync(file("tsx")))
    throw new Error(`vitest.config.ts: TIMED names tests/unit/${name}, which is no test file`);
  return `tests/unit/${name}.test.{ts,tsx}`;
});

/**
 * Files that are minutes of child processes (npm pack and installs, tsc and `next build` over
 * copies of the site), not CPU of their own worker: npm test runs them beside the desktop and
 * phone browser tests, which keep about one of two cores busy, instead of beside the type-check
 * and the two builds, which keep both busy (scripts/test-all.sh). migrate/scenarios alone was
 * 320 s of that first phase's 374 s on a clean clone. Storyblok's CLI against the local APIs
 * (local-apis/storyblok-cli) is 16 CLI processes, most of their time waiting out the
 * Management API's 3 requests a second.
 */
const BESIDE_BROWSERS = [
  "tests/package/**/*.test.ts",
  "tests/unit/migrate/scenarios.test.ts",
  // `portfolio blocks add` on a copy of the site, then tsc over it.
  "tests/unit/blocks/blocks-add.test.ts",
  "tests/unit/local-apis/storyblok-cli.test.ts",
];

/**
 * The tools' test files (the generator, migrations, schema and space push, the local APIs, the
 * repository's layout and docs): they share each worker's modules instead of loading them again
 * per file (typescript, ts-morph and the tools). The unit tests alone took 246 s and 433 s of CPU
 * with every file isolated, 212 s and 344 s with these sharing. The site's files stay isolated:
 * they import modules that read the environment once (the content client, the page gate, the
 * preview's settings) and must start fresh. So do files that mock a module.
 */
const SHARED_MODULE_FOLDERS = ["bench", "codegen", "docs", "fonts", "layout", "local-apis", "management", "migrate"];
const NEEDS_FRESH_MODULES = new Set([
  // vi.mock("tsx/esm/api"): a mock must not reach the next file in the worker.
  "tests/unit/migrate/load.test.ts",
]);
function testFilesIn(folder: string): string[] {
  return readdirSync(new URL(`./${folder}`, import.meta.url), { recursive: true, encoding: "utf8" })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => `${folder}/${path.split("\\").join("/")}`);
}
const SHARED_MODULES = SHARED_MODULE_FOLDERS.flatMap((folder) => testFilesIn(`tests/unit/${folder}`))
  .filter((file) => !NEEDS_FRESH_MODULES.has(file))
  .sort();

export default defineConfig({
  // tsconfig.json's `paths`: the generator package by its exports' names, from its sources (no built dist/ needed).
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` waits for a state change; Vitest's default gives up after 1 s, a clock a busy machine breaks.
    // A hang guard instead (tests/support/hang-guard.ts).
    expect: { poll: { timeout: HANG_GUARD_MS } },
    pool: "forks",
    // One throwaway PostgreSQL cluster for the run; test files make their own databases on it.
    globalSetup: ["tests/support/vitest-postgres.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          exclude: [...TIMED, ...BESIDE_BROWSERS, ...SHARED_MODULES],
          // At least four workers, or one per core. vitest's own default is a core less, which on
          // a two-core machine is one worker running every file in turn; yet most files spend their
          // time waiting on child processes, servers and timers, not on the CPU.
          maxWorkers: Math.max(4, cores),
          // Each file in a fresh vm context inside a worker process that runs file after file, not
          // in a fresh process per file: loading typescript/ts-morph took about 1.9 s of CPU a file
          // in a fresh process, 0.75 s in a vm context.
          // The files of a worker share its process (process.env, cwd, listeners, child processes
          // and node's built-in modules): a file puts back what it changes there (vi.stubEnv with
          // vi.unstubAllEnvs, never a new process.env object) and stops what it starts.
          pool: "vmForks",
          // vitest's vm require runs a file as CommonJS whatever it is. On Node 20 require()
          // resolves exports' "module-sync" condition to ESM files (Next.js requires
          // @swc/helpers/_/*, whose "module-sync" is its esm/ folder: "Unexpected token 'export'");
          // without require(esm) Node does not use that condition and resolves the CommonJS files.
          // vitest drops the condition itself only on Node 22.12 and later.
          execArgv: ["--no-experimental-require-module"],
          // A worker is replaced once a file leaves its heap above this. vitest's default, a share
          // of the machine's memory per worker (6 GiB here), is above V8's own heap limit (about
          // 4 GiB on this machine), so a worker that kept growing would crash first. The largest
          // heap seen after a file was 1.3 GB (migrate/scenarios), most workers stay under 0.8 GB.
          vmMemoryLimit: "2GiB",
        },
      },
      {
        extends: true,
        test: {
          // Run with "unit" (npm test starts both at once): the tools' files, a worker's modules shared.
          name: "unit-tools",
          include: SHARED_MODULES,
          exclude: [...TIMED, ...BESIDE_BROWSERS],
          // A fresh process per worker, not per file (forks without isolation): each worker runs its
          // files in turn in one module graph. A file puts back what it changes in the process (as
          // under "unit") and keeps no state another file could see: a module-level cache holds what
          // is the same for every file (space-harness.ts's template space, removed with it).
          pool: "forks",
          isolate: false,
          // As "unit", which it runs beside: vitest schedules the two projects' files on one set of workers.
          maxWorkers: Math.max(4, cores),
        },
      },
      {
        extends: true,
        test: {
          name: "timed",
          include: TIMED,
          // Not more files at a time than cores, though they mostly wait (two workers keep 0.65 of a
          // core busy): three beside the publishing browser tests took 47 s instead of 60, but the
          // waits stretch with the load, and the phase's length is the browser tests', not these.
          maxWorkers: cores,
          // Still a fresh process per file ("forks", set above): under vmForks this project took
          // 29 s of CPU instead of 34, but a file's leftovers would run on beside the next file's
          // clocks in the same process (the Redis clients of shared-cache/cache-handler and
          // content/shared-cv go on reconnecting to the server the file stopped).
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The generator package proved as a user installs it (tests/package: npm pack, npm install
          // into temporary projects, tsc and a `next build`) and the migration scenarios (a copy of
          // the repository: generate, migrate, tsc, `next build`). A file per worker: each spends
          // most of its time waiting on its child processes.
          name: "beside-browsers",
          include: BESIDE_BROWSERS,
          testTimeout: 600_000,
          hookTimeout: 600_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
