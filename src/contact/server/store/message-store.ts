import type { Selectable } from "kysely";
import { connect, type Connection } from "./connect";
import type { StoreLocation } from "./location";
import { migrateToLatest } from "./migrations";
import { createStoredRateLimit, type StoredRateLimit } from "./stored-rate-limit";
import type { MessageRow } from "./tables";

/** One field of a message as the visitor saw it: the label is kept so old messages read well after the form changes. */
export interface MessageField {
  name: string;
  label: string;
  value: string;
}

export interface NewMessage {
  uuid: string;
  receivedAt: number;
  recipient: string | null;
  replyTo: string | null;
  subject: string;
  fields: MessageField[];
}

type DeliveryState = "queued" | "delivered";

export interface StoredMessage extends NewMessage {
  id: number;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: number | null;
}

function fromRow(row: Selectable<MessageRow>): StoredMessage {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    receivedAt: Number(row.received_at),
    recipient: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    fields: JSON.parse(row.fields) as MessageField[],
    state: row.state,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  };
}

/** Which queued messages a claim may take: one by id, or the next one due. */
type ClaimTarget = { id: number } | { dueBy: number };

/**
 * The durable queue, in SQLite or Postgres through one implementation.
 * A message is committed before the visitor is thanked; a sender claims it
 * with a lease (a time in the row), so the server's loop, the scheduled
 * drain, `portfolio messages retry` and other instances never send one
 * message at the same time, and a sender that dies leaves a lease that
 * simply runs out, after which the message is sent again.
 */
function createMessageStore(connection: Connection) {
  const { db, dialect } = connection;

  async function claim(target: ClaimTarget, now: number, leaseMs: number): Promise<StoredMessage | null> {
    // Find and lease in one statement. Postgres: SKIP LOCKED lets instances
    // claiming at the same moment each take a different row instead of
    // queueing behind one; SQLite: one statement holds the file's write lock.
    const row = await db
      .updateTable("contact_messages")
      .set({ lease_until: now + leaseMs })
      .where("id", "=", (eb) =>
        eb
          .selectFrom("contact_messages")
          .select("id")
          .where("state", "=", "queued")
          .where((w) => w.or([w("lease_until", "is", null), w("lease_until", "<=", now)]))
          .$if("id" in target, (query) => query.where("id", "=", (target as { id: number }).id))
          .$if("dueBy" in target, (query) => query.where("next_attempt_at", "<=", (target as { dueBy: number }).dueBy))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(1)
          .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked()),
      )
      // Checked again on the row itself: under Postgres's READ COMMITTED the subquery's snapshot may be older.
      .where("state", "=", "queued")
      .where((w) => w.or([w("lease_until", "is", null), w("lease_until", "<=", now)]))
      .returningAll()
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  return {
    dialect,
    /** Per-sender counting kept in this store, so every instance that shares it shares the limit. */
    rateLimit: createStoredRateLimit(connection) satisfies StoredRateLimit,
    async add(message: NewMessage): Promise<StoredMessage> {
      const row = await db
        .insertInto("contact_messages")
        .values({
          uuid: message.uuid,
          received_at: message.receivedAt,
          recipient: message.recipient,
          reply_to: message.replyTo,
          subject: message.subject,
          fields: JSON.stringify(message.fields),
          state: "queued",
          next_attempt_at: message.receivedAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },
    /** The next queued message due by `dueBy` and not leased at `now`, leased for `leaseMs`; null when there is none. */
    claimDue(dueBy: number, now: number, leaseMs: number): Promise<StoredMessage | null> {
      return claim({ dueBy }, now, leaseMs);
    },
    /** Message `id` if it is still queued and nobody holds it, leased for `leaseMs`; null otherwise. */
    claimById(id: number, now: number, leaseMs: number): Promise<StoredMessage | null> {
      return claim({ id }, now, leaseMs);
    },
    async markDelivered(id: number, at: number): Promise<void> {
      await db
        .updateTable("contact_messages")
        .set((eb) => ({ state: "delivered", delivered_at: at, attempts: eb("attempts", "+", 1), lease_until: null, last_error: null }))
        .where("id", "=", id)
        .execute();
    },
    async markFailed(id: number, error: string, nextAttemptAt: number): Promise<void> {
      await db
        .updateTable("contact_messages")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          last_error: error.slice(0, 500),
          next_attempt_at: nextAttemptAt,
          lease_until: null,
        }))
        .where("id", "=", id)
        .execute();
    },
    /** When the earliest queued message can next be sent (ms since epoch): its due time or the end of its lease; null when nothing is queued. */
    async nextDueAt(): Promise<number | null> {
      const rows = await db
        .selectFrom("contact_messages")
        .select(["next_attempt_at", "lease_until"])
        .where("state", "=", "queued")
        .execute();
      if (rows.length === 0) return null;
      return Math.min(...rows.map((row) => Math.max(Number(row.next_attempt_at), Number(row.lease_until ?? 0))));
    },
    /** Makes every queued message due now (the owner's "retry now"); leases held by a live sender stay. */
    async makeAllDue(): Promise<void> {
      await db.updateTable("contact_messages").set({ next_attempt_at: 0 }).where("state", "=", "queued").execute();
    },
    async list(): Promise<StoredMessage[]> {
      const rows = await db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
      return rows.map(fromRow);
    },
    async queuedCount(): Promise<number> {
      const row = await db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("state", "=", "queued")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    close(): Promise<void> {
      return db.destroy();
    },
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;

/** Opens (and on first use creates or upgrades) the store at `location`. */
export async function openMessageStore(location: StoreLocation): Promise<MessageStore> {
  const connection = connect(location);
  try {
    await migrateToLatest(connection.db, connection.dialect);
  } catch (error) {
    await connection.db.destroy().catch(() => undefined);
    throw error;
  }
  return createMessageStore(connection);
}
