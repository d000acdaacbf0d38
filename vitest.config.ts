import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const cores = availableParallelism();

/**
 * Files whose assertions hold a clock: rate limits and time windows, deadlines, answer times
 * (a time a test measures belongs in a benchmark; these are behaviours with a time in them).
 * They run after the rest, a worker per core, so the other files' busy workers do not starve
 * their servers and timers (npm test runs them last, beside the publishing browser tests,
 * which mostly wait too).
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
  "content/shared-cv",
  "deploy/fetch-with-retry",
  "http/read-body",
  "publishing/batch-queue",
  "publishing/bulk-publish",
  "publishing/shared-map",
  "publishing/webhook-route",
  "shared-cache/cache-handler",
].map((name) => {
  // A moved or renamed file would otherwise fall silently into the parallel run.
  const file = (ext: string) => new URL(`./tests/unit/${name}.test.${ext}`, import.meta.url);
  if (!existsSync(file("ts")) && !existsSync(file("tsx"))) throw new Error(`vitest.config.ts: TIMED names tests/unit/${name}, which is no test file`);
  return `tests/unit/${name}.test.{ts,tsx}`;
});

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One throwaway PostgreSQL cluster for the run; test files make their own databases on it.
    globalSetup: ["tests/support/vitest-postgres.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          exclude: TIMED,
          // At least four workers, or one per core. vitest's own default is a core less, which on
          // a two-core machine is one worker running every file in turn; yet most files spend their
          // time waiting on child processes, servers and timers, not on the CPU.
          maxWorkers: Math.max(4, cores),
        },
      },
      {
        extends: true,
        test: {
          name: "timed",
          include: TIMED,
          maxWorkers: cores,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
