/**
 * The store's tables are versioned (store/migrations.ts): a fresh store
 * records every version, a reopened one applies none, a SQLite file made
 * before versioning is adopted with its messages, and instances starting
 * together on one fresh Postgres database both come up.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deliverDue } from "../../../src/contact/server/delivery";
import { createSmtpMailer, type Mailer } from "../../../src/contact/server/mailer";
import type { StoreLocation } from "../../../src/contact/server/store/location";
import { createUnrecordedDeliveries } from "../../../src/contact/server/unrecorded-deliveries";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";
import { describeEachStore, storeFactory } from "./support/stores";
import { runWorkersTogether } from "./support/workers";

/** The rows of `query` in the store at `location`, read beside the store's own connection. */
async function rows(location: StoreLocation, query: string): Promise<Record<string, unknown>[]> {
  if (location.kind === "sqlite") {
    const database = new Database(location.path, { readonly: true });
    try {
      return database.prepare(query).all() as Record<string, unknown>[];
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: location.url });
  await client.connect();
  try {
    return (await client.query(query)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const applied = (location: StoreLocation) => rows(location, "SELECT name, timestamp FROM contact_migrations ORDER BY name");

/** The versions this release's store/migrations.ts defines, oldest first: what a store up to date records. */
const KNOWN_VERSIONS = ["2026-11-25-01-messages", "2026-11-25-02-rate-limit"];

describeEachStore("versioned tables", (stores) => {
  it("a fresh store records both versions in contact_migrations", async () => {
    const location = await stores.fresh();
    await stores.open(location);
    expect((await applied(location)).map((row) => row.name)).toEqual(KNOWN_VERSIONS);
  });

  it("reopening applies nothing: the recorded versions and their times are unchanged", async () => {
    const location = await stores.fresh();
    const first = await stores.open(location);
    await first.close();
    stores.closed(first);
    const before = await applied(location);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await stores.open(location);
    expect(await applied(location)).toEqual(before);
    expect(await again.list()).toEqual([]);
  });

  it.skipIf(stores.kind !== "postgres")(
    "two stores opened at the same moment on one fresh database both come up, each version applied once",
    async () => {
      const location = await stores.fresh();
      const [first, second] = await Promise.all([stores.open(location), stores.open(location)]);
      expect((await applied(location)).map((row) => row.name)).toEqual(KNOWN_VERSIONS);
      const added = await first.add({ uuid: "a1b2", receivedAt: 1, recipient: null, replyTo: null, subject: "s", fields: [] });
      expect((await second.list()).map((message) => message.id)).toEqual([added.id]);
    },
  );

  // Postgres: the two pools above race already; one SQLite file needs processes to race.
  it.skipIf(stores.kind === "postgres")(
    "four processes opening one fresh store at the same moment all come up, each version applied once",
    async () => {
      const location = await stores.fresh();
      expect(await runWorkersTogether<number>([1, 2, 3, 4].map(() => ({ kind: "open", location }) as const))).toEqual([0, 0, 0, 0]);
      expect((await applied(location)).map((row) => row.name)).toEqual(KNOWN_VERSIONS);
    },
  );
});

/** The schema of `git show HEAD:src/contact/message-store.ts`, before the tables were versioned. */
const SCHEMA_BEFORE_VERSIONS = `
CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  received_at INTEGER NOT NULL,
  recipient TEXT,
  reply_to TEXT,
  subject TEXT NOT NULL,
  fields TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'delivered')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_error TEXT,
  delivered_at INTEGER
);
CREATE INDEX IF NOT EXISTS messages_due ON messages (state, next_attempt_at);
`;

describe("a SQLite file made before the tables were versioned", () => {
  const stores = storeFactory("sqlite");
  let smtp: LoopbackSmtp;
  let mailer: Mailer;
  beforeEach(async () => {
    smtp = await startLoopbackSmtp();
    mailer = createSmtpMailer(smtp.url, undefined, 2000);
  });
  afterEach(async () => {
    mailer.close();
    await smtp.stop();
  });

  it("is adopted: its messages are listed, and the queued one is delivered", async () => {
    const location = await stores.fresh();
    if (location.kind !== "sqlite") throw new Error("sqlite expected");
    const old = new Database(location.path);
    old.exec(SCHEMA_BEFORE_VERSIONS);
    const insert = old.prepare(
      "INSERT INTO messages (uuid, received_at, recipient, reply_to, subject, fields, state, attempts, next_attempt_at, last_error, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const fields = JSON.stringify([{ name: "message", label: "Message", value: "Written by the old release." }]);
    insert.run("0ld-delivered", 1000, "hello@elenavarga.design", null, "Contact form: Ann", fields, "delivered", 1, 1000, null, 1500);
    insert.run(
      "0ld-queued",
      2000,
      "hello@elenavarga.design",
      "bo@example.com",
      "Contact form: Bo",
      fields,
      "queued",
      2,
      5000,
      "connect ECONNREFUSED",
      null,
    );
    old.close();

    const store = await stores.open(location);
    expect(await store.list()).toMatchObject([
      { id: 1, uuid: "0ld-delivered", state: "delivered", deliveredAt: 1500, attempts: 1 },
      {
        id: 2,
        uuid: "0ld-queued",
        state: "queued",
        attempts: 2,
        nextAttemptAt: 5000,
        lastError: "connect ECONNREFUSED",
        replyTo: "bo@example.com",
      },
    ]);
    expect((await applied(location)).map((row) => row.name)).toEqual(KNOWN_VERSIONS);
    expect(await rows(location, "SELECT name FROM sqlite_master WHERE name IN ('messages', 'messages_due')")).toEqual([]);

    expect(
      await deliverDue(store, mailer, { retryBaseMs: 10, sendTimeoutMs: 2000, unrecorded: createUnrecordedDeliveries(), now: () => 6000 }),
    ).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.headers["message-id"])).toEqual(["<0ld-queued@contact-form.invalid>"]);
    expect(smtp.received[0]?.text).toContain("Written by the old release.");
    expect((await store.list()).map((message) => message.state)).toEqual(["delivered", "delivered"]);
    // New messages continue the old numbering.
    expect((await store.add({ uuid: "new", receivedAt: 7000, recipient: null, replyTo: null, subject: "s", fields: [] })).id).toBe(3);
  });
});
