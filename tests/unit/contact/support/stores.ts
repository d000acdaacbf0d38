/**
 * Both message stores for one test file: a SQLite file in a temporary
 * folder, and a fresh database on the run's PostgreSQL cluster
 * (tests/support/vitest-postgres.ts). `describeEachStore` runs the same
 * cases against each; the Postgres half is skipped (and says so) where
 * PostgreSQL is not installed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, inject } from "vitest";
import type { StoreLocation } from "../../../../src/contact/server/store/location";
import { openMessageStore, type MessageStore } from "../../../../src/contact/server/store/message-store";

export type StoreKind = "sqlite" | "postgres";

/** The shared cluster's admin URL, or null without PostgreSQL. */
export const postgresAdminUrl = (): string | null => inject("postgresUrl");

let databases = 0;

/** An empty database on the cluster at `adminUrl`; its URL. */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `contact_${process.pid}_${(databases += 1)}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface StoreFactory {
  kind: StoreKind;
  /** A new, empty place to keep messages: a SQLite file not yet made, or an empty Postgres database. */
  fresh(): Promise<StoreLocation>;
  /** A handle on the store at `location` (another "instance" when opened twice); closed after each test. */
  open(location: StoreLocation): Promise<MessageStore>;
  /** Forget a handle the test closed itself. */
  closed(store: MessageStore): void;
}

/** Registers its clean-up hooks in the describe block it is called from. */
export function storeFactory(kind: StoreKind): StoreFactory {
  const folder = mkdtempSync(join(tmpdir(), `contact-${kind}-`));
  const open: MessageStore[] = [];
  let files = 0;
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close().catch(() => undefined)));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return {
    kind,
    async fresh() {
      if (kind === "sqlite") return { kind: "sqlite", path: join(folder, `contact-${(files += 1)}.sqlite`) };
      const admin = postgresAdminUrl();
      if (admin === null) throw new Error("no PostgreSQL for this run");
      return { kind: "postgres", url: await createPostgresDatabase(admin) };
    },
    async open(location) {
      const store = await openMessageStore(location);
      open.push(store);
      return store;
    },
    closed(store) {
      const index = open.indexOf(store);
      if (index >= 0) open.splice(index, 1);
    },
  };
}

/** `body` once per store, in a describe named "<title> (sqlite)" / "(postgres)". */
export function describeEachStore(title: string, body: (stores: StoreFactory) => void): void {
  for (const kind of ["sqlite", "postgres"] as const) {
    describe.skipIf(kind === "postgres" && postgresAdminUrl() === null)(`${title} (${kind})`, () => body(storeFactory(kind)));
  }
}

/** The text of every row of every table of the store, for "this value is written nowhere". */
export async function everyStoredText(location: StoreLocation): Promise<string> {
  if (location.kind === "postgres") {
    const client = new pg.Client({ connectionString: location.url });
    await client.connect();
    try {
      const tables = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      const dumps: unknown[] = [];
      for (const { tablename } of tables.rows) dumps.push((await client.query(`SELECT * FROM "${tablename}"`)).rows);
      return JSON.stringify(dumps);
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import("better-sqlite3");
  const database = new Database(location.path, { readonly: true });
  try {
    const tables = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    return JSON.stringify(tables.map(({ name }) => database.prepare(`SELECT * FROM "${name}"`).all()));
  } finally {
    database.close();
  }
}
