import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // At least four workers, or one per core. vitest's own default is a core less, which on a
    // two-core machine is one worker running every file in turn; yet most files spend their time
    // waiting on child processes, servers and timers, not on the CPU (the whole run uses about 1.5
    // of two cores with four workers, 2.5 minutes instead of 5).
    maxWorkers: Math.max(4, availableParallelism()),
    // One throwaway PostgreSQL cluster for the run; test files make their own databases on it.
    globalSetup: ["tests/support/vitest-postgres.ts"],
  },
});
