import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

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

export type DeliveryState = "queued" | "delivered";

export interface StoredMessage extends NewMessage {
  id: number;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: number | null;
}

interface Row {
  id: number;
  uuid: string;
  received_at: number;
  recipient: string | null;
  reply_to: string | null;
  subject: string;
  fields: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  delivered_at: number | null;
}

// No address, no user agent: only what the visitor typed and what delivery needs.
const SCHEMA = `
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

function fromRow(row: Row): StoredMessage {
  return {
    id: row.id,
    uuid: row.uuid,
    receivedAt: row.received_at,
    recipient: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    fields: JSON.parse(row.fields) as MessageField[],
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
  };
}

/**
 * The durable queue. A message is committed (synchronous=FULL: on disk, not
 * just in the OS cache) before the visitor is thanked; delivery claims it
 * with a lease, so the server's retry loop and `portfolio messages retry`
 * never send one message at the same time, and a process that dies while
 * sending leaves a lease that simply runs out and the message is sent again.
 */
export function openMessageStore(path: string) {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);

  const insert = db.prepare(
    `INSERT INTO messages (uuid, received_at, recipient, reply_to, subject, fields, state, next_attempt_at)
     VALUES (@uuid, @receivedAt, @recipient, @replyTo, @subject, @fields, 'queued', @receivedAt)`,
  );
  const due = db.prepare<[number, number], Row>(
    `SELECT * FROM messages WHERE state = 'queued' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
     ORDER BY next_attempt_at, id LIMIT 1`,
  );
  const lease = db.prepare<[number, number, number]>(
    `UPDATE messages SET lease_until = ? WHERE id = ? AND state = 'queued' AND (lease_until IS NULL OR lease_until <= ?)`,
  );
  const delivered = db.prepare<[number, number]>(
    `UPDATE messages SET state = 'delivered', delivered_at = ?, attempts = attempts + 1, lease_until = NULL, last_error = NULL WHERE id = ?`,
  );
  const failed = db.prepare<[string, number, number]>(
    `UPDATE messages SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, lease_until = NULL WHERE id = ?`,
  );
  const nextDue = db.prepare<[], { at: number | null }>(`SELECT MIN(next_attempt_at) AS at FROM messages WHERE state = 'queued'`);
  const all = db.prepare<[], Row>(`SELECT * FROM messages ORDER BY id`);
  const makeDue = db.prepare(`UPDATE messages SET next_attempt_at = 0 WHERE state = 'queued'`);

  // Find and lease in one transaction: two processes cannot both claim a message.
  const claim = db.transaction((dueBy: number, now: number, leaseMs: number): StoredMessage | null => {
    const row = due.get(dueBy, now);
    if (!row) return null;
    lease.run(now + leaseMs, row.id, now);
    return fromRow(row);
  });

  return {
    add(message: NewMessage): StoredMessage {
      const info = insert.run({ ...message, fields: JSON.stringify(message.fields) });
      return { ...message, id: Number(info.lastInsertRowid), state: "queued", attempts: 0, nextAttemptAt: message.receivedAt, lastError: null, deliveredAt: null };
    },
    /** The next queued message due by `dueBy` and not leased at `now`, leased for `leaseMs`; null when there is none. */
    claimDue(dueBy: number, now: number, leaseMs: number): StoredMessage | null {
      return claim.immediate(dueBy, now, leaseMs);
    },
    markDelivered(id: number, at: number): void {
      delivered.run(at, id);
    },
    markFailed(id: number, error: string, nextAttemptAt: number): void {
      failed.run(error.slice(0, 500), nextAttemptAt, id);
    },
    /** When the earliest queued message is due (ms since epoch), or null when nothing is queued. */
    nextDueAt(): number | null {
      return nextDue.get()?.at ?? null;
    },
    /** Makes every queued message due now (the owner's "retry now"). */
    makeAllDue(): void {
      makeDue.run();
    },
    list(): StoredMessage[] {
      return all.all().map(fromRow);
    },
    close(): void {
      db.close();
    },
  };
}

export type MessageStore = ReturnType<typeof openMessageStore>;
