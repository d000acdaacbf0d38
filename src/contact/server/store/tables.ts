import type { Generated } from "kysely";

/**
 * The contact form's tables, as Kysely sees them. Times are milliseconds
 * since the epoch (BIGINT in Postgres, INTEGER in SQLite), so both
 * databases compare and order them the same way.
 */
export interface ContactTables {
  contact_messages: MessageRow;
  contact_rate_hits: RateHitRow;
  contact_settings: SettingRow;
}

// No address, no user agent: only what the visitor typed and what delivery needs.
export interface MessageRow {
  id: Generated<number>;
  uuid: string;
  received_at: number;
  recipient: string | null;
  reply_to: string | null;
  subject: string;
  /** The fields as JSON: label and value of each, in the form's order. */
  fields: string;
  state: "queued" | "delivered";
  attempts: Generated<number>;
  next_attempt_at: number;
  /** Until when a sender holds the message; past it, another may claim it. */
  lease_until: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

/** One counted post: an HMAC of the sender's network, never the address; deleted once its window has passed. */
interface RateHitRow {
  key: string;
  at: number;
}

/** Values the store keeps for itself, e.g. the rate limit's salt. */
interface SettingRow {
  name: string;
  value: string;
}
