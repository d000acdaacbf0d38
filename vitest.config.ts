import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One throwaway PostgreSQL cluster for the run; test files make their own databases on it.
    globalSetup: ["tests/support/vitest-postgres.ts"],
  },
});
