import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect, type Transaction } from "kysely";
import pg from "pg";
import type { StoreLocation } from "./location";
import type { ContactTables } from "./tables";

export type Dialect = "sqlite" | "postgres";

export interface Connection {
  db: Kysely<ContactTables>;
  dialect: Dialect;
}

/** Postgres answers BIGINT as text (it may exceed 2^53); our BIGINTs are millisecond times, far below it. */
const INT8: number = pg.types.builtins.INT8;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary"): unknown =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * How long the form waits for Postgres before it tells the visitor to try
 * again (503) instead of hanging; a query that takes longer is given up.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;

export function connect(location: StoreLocation): Connection {
  if (location.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: location.url,
      // Few: on a serverless platform every instance has its own pool, and the database's connections are shared by all.
      max: 3,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Client-side: a server-side statement_timeout is a startup parameter that PgBouncer in
      // transaction mode refuses and Neon's proxy drops.
      query_timeout: QUERY_TIMEOUT_MS,
      application_name: "portfolio-contact",
      types,
    });
    // A connection that breaks while idle (the database restarts) is dropped from the pool, not thrown at the process.
    pool.on("error", (error) =>
      console.warn(`contact: a Postgres connection was lost (${error.message}); the next query opens a new one.`),
    );
    // One that breaks while checked out (mid-query: the database restarts under it) rejects that query,
    // and node-postgres also emits "error" on the client, which has no listener while it is checked out:
    // unheard, that is an uncaught exception that ends the process. The query's rejection is the report.
    pool.on("connect", (client) => client.on("error", () => undefined));
    return { db: new Kysely<ContactTables>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
  }
  if (location.path !== ":memory:") mkdirSync(dirname(location.path), { recursive: true });
  const database = new Database(location.path);
  // Other processes on the file (`portfolio messages retry`, a second server) are waited for, not failed.
  // First: switching a fresh file to WAL takes a lock, and without a busy timeout a process that finds
  // another one switching it fails at once with "database is locked".
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  switchToWal(database);
  // Committed means on disk, not in the OS cache: "accepted" must survive a power cut.
  database.pragma("synchronous = FULL");
  return { db: new Kysely<ContactTables>({ dialect: new SqliteDialect({ database }) }), dialect: "sqlite" };
}

const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Switches the file to WAL (a no-op once it is). The switch needs the file's
 * exclusive lock, and where waiting could deadlock (another process opening
 * the same fresh file holds a shared lock and wants the switch too) SQLite
 * answers SQLITE_BUSY at once, without the busy timeout: four processes
 * opening one fresh store together failed so now and then. Tried again,
 * a few ms apart, within the busy timeout; any other error, or the time up,
 * is thrown. Blocking, as the busy timeout itself is: this runs once per
 * store opened.
 */
function switchToWal(database: Database.Database): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      database.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, 10 + Math.floor(Math.random() * 20));
    }
  }
}

/**
 * Runs `work` as one write transaction that other writers wait for:
 * SQLite's BEGIN IMMEDIATE takes the file's write lock at the start (a
 * deferred transaction that reads, then writes, can fail on the upgrade),
 * and Postgres's advisory lock on `lockKey` serialises writers of that key
 * across every instance until the commit.
 */
export async function writeTransaction<T>(
  { db, dialect }: Connection,
  lockKey: string,
  work: (trx: Kysely<ContactTables>) => Promise<T>,
): Promise<T> {
  if (dialect === "postgres") {
    return db.transaction().execute(async (trx: Transaction<ContactTables>) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(trx);
      return work(trx);
    });
  }
  // Kysely's SQLite driver has one connection: holding it keeps every other query of this process out until the commit.
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
