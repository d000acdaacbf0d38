/**
 * vitest globalSetup: one throwaway PostgreSQL cluster (tests/support/postgres.ts)
 * for the whole run, started before any test file and stopped after the last.
 * Its admin URL is `provide`d as "postgresUrl"; each test file `inject`s it
 * and makes databases of its own on it (tests/unit/contact/support/stores.ts),
 * so files never see each other's rows and one initdb serves them all.
 * Where PostgreSQL is not installed the URL is null, the NO_POSTGRES line is
 * printed once here, and the Postgres cases are skipped.
 */
import type { TestProject } from "vitest/node";
import { NO_POSTGRES, postgresBinaries, startLocalPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared cluster's `postgres` database (for CREATE DATABASE), or null without PostgreSQL. */
    postgresUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (postgresBinaries() === null) {
    console.warn(NO_POSTGRES);
    project.provide("postgresUrl", null);
    return undefined;
  }
  const cluster = await startLocalPostgres();
  project.provide("postgresUrl", cluster.url());
  return () => cluster.stop();
}
