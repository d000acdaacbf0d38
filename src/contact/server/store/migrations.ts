import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Dialect } from "./connect";

/**
 * The store's tables, one version per entry, applied in order on first use
 * and recorded in `contact_migrations`, so a later release adds a version
 * here and every existing store, SQLite or Postgres, is brought up to it.
 * An applied version is never edited: a change is a new version.
 * Kysely's migrator takes a lock first, so instances starting together
 * apply each version once.
 */
/**
 * The database as a migration sees it. A migration runs against the tables as
 * they were at its version, not as the code types them now, so Kysely's own
 * guide types it with `any`, and so do these.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: a migration's schema is the one of its time, not today's types
type MigrationDb = Kysely<any>;

function versions(dialect: Dialect): Record<string, Migration> {
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    "2026-11-25-01-messages": {
      async up(db: MigrationDb) {
        // Stores made before versioning have a table named `messages` with these columns: adopted as they are.
        if (dialect === "sqlite" && (await hasTable(db, "messages"))) {
          await sql`ALTER TABLE messages RENAME TO contact_messages`.execute(db);
          await sql`DROP INDEX IF EXISTS messages_due`.execute(db);
        } else {
          await db.schema
            .createTable("contact_messages")
            .addColumn("id", dialect === "postgres" ? "bigserial" : "integer", (column) => column.primaryKey())
            .addColumn("uuid", "text", (column) => column.notNull().unique())
            .addColumn("received_at", bigint, (column) => column.notNull())
            .addColumn("recipient", "text")
            .addColumn("reply_to", "text")
            .addColumn("subject", "text", (column) => column.notNull())
            .addColumn("fields", "text", (column) => column.notNull())
            .addColumn("state", "text", (column) => column.notNull().check(sql`state IN ('queued', 'delivered')`))
            .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
            .addColumn("next_attempt_at", bigint, (column) => column.notNull())
            .addColumn("lease_until", bigint)
            .addColumn("last_error", "text")
            .addColumn("delivered_at", bigint)
            .execute();
        }
        await db.schema.createIndex("contact_messages_due").on("contact_messages").columns(["state", "next_attempt_at"]).execute();
      },
    },
    "2026-11-25-02-rate-limit": {
      async up(db: MigrationDb) {
        await db.schema
          .createTable("contact_rate_hits")
          .addColumn("key", "text", (column) => column.notNull())
          .addColumn("at", bigint, (column) => column.notNull())
          .execute();
        await db.schema.createIndex("contact_rate_hits_key").on("contact_rate_hits").columns(["key", "at"]).execute();
        await db.schema.createIndex("contact_rate_hits_at").on("contact_rate_hits").column("at").execute();
        await db.schema
          .createTable("contact_settings")
          .addColumn("name", "text", (column) => column.primaryKey())
          .addColumn("value", "text", (column) => column.notNull())
          .execute();
      },
    },
  };
}

async function hasTable(db: MigrationDb, name: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((table) => table.name === name);
}

/** Brings the store's tables up to this release's latest version; throws with the version that failed. */
export async function migrateToLatest(db: MigrationDb, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(versions(dialect)) };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: "contact_migrations",
    migrationLockTableName: "contact_migrations_lock",
  });
  // Kysely takes no lock on SQLite (it assumes one connection per file), so
  // two processes opening a fresh file together (a server and `messages
  // list`) would both create the tables and one would fail. BEGIN IMMEDIATE
  // takes the file's write lock: the second waits (busy_timeout), then finds
  // every version applied. Kysely's SQLite driver has one connection, so the
  // migrator's statements all run inside this transaction.
  if (dialect === "sqlite") await sql`BEGIN IMMEDIATE`.execute(db);
  const { error, results } = await migrator.migrateToLatest();
  if (dialect === "sqlite") await sql.raw(error ? "ROLLBACK" : "COMMIT").execute(db);
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    throw new Error(
      `contact store: could not apply table version ${failed ?? "(before any version)"}: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
}
