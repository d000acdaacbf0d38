import { rejectAfter } from "../../time-limits/time-limits.mjs";
import { MAX_RETRY_MS } from "./config";
import type { Mailer } from "./mailer";
import type { MessageStore, StoredMessage } from "./store/message-store";
import type { UnrecordedDeliveries } from "./unrecorded-deliveries";

/**
 * How long a sender holds a message it claimed: longer than a send may take
 * (each SMTP phase has `sendTimeoutMs`, and a send is cut off at three of
 * them), so a live sender never loses it; a dead one's runs out and the
 * message is sent by whoever claims it next.
 */
export const leaseFor = (sendTimeoutMs: number) => 4 * sendTimeoutMs;

/** The wait after the `attempts`-th failed attempt: base, 2×base, 4×base … capped at an hour. */
export function retryDelay(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

export interface DeliveryOptions {
  retryBaseMs: number;
  sendTimeoutMs: number;
  /** Sends whose "delivered" this process could not write yet (the database was away). */
  unrecorded: UnrecordedDeliveries;
  now?: () => number;
  /** Claim no new message after this time (ms since epoch): a scheduled drain has a platform time limit. */
  stopClaimingAt?: number;
}

/**
 * Sends one claimed message and records the outcome. A failure (server
 * down, refused, no recipient) leaves it queued with its error and the time
 * of its next attempt. When the send worked but the database is gone before
 * "delivered" is written, this process remembers it (unrecorded) and writes
 * it as soon as the database answers again, instead of sending it twice.
 */
async function sendClaimed(
  store: MessageStore,
  mailer: Mailer,
  message: StoredMessage,
  options: DeliveryOptions,
): Promise<"delivered" | "failed"> {
  const now = options.now ?? Date.now;
  const sentEarlier = options.unrecorded.sentAt(message.id);
  if (sentEarlier === undefined) {
    try {
      const deadlineMs = 3 * options.sendTimeoutMs;
      await rejectAfter(mailer.send(message), deadlineMs, `the SMTP server took longer than ${Math.round(deadlineMs / 1000)} s`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // If this write fails too, the lease runs out and the message is tried again then.
      await store.markFailed(message.id, reason, now() + retryDelay(message.attempts + 1, options.retryBaseMs));
      return "failed";
    }
  }
  const deliveredAt = sentEarlier ?? now();
  try {
    await store.markDelivered(message.id, deliveredAt);
    options.unrecorded.forget(message.id);
  } catch (error) {
    options.unrecorded.remember(message.id, deliveredAt);
    throw error;
  }
  return "delivered";
}

/** Writes what this process sent while the database was away; throws while it still is. */
async function recordUnrecorded(store: MessageStore, unrecorded: UnrecordedDeliveries): Promise<void> {
  for (const [id, at] of unrecorded.entries()) {
    await store.markDelivered(id, at);
    unrecorded.forget(id);
  }
}

/**
 * Sends every message that is due, one at a time, until none is (or until
 * `stopClaimingAt`). Throws when the database cannot be reached; what was
 * claimed is then released by its lease running out, never lost.
 */
export async function deliverDue(store: MessageStore, mailer: Mailer, options: DeliveryOptions): Promise<DeliveryReport> {
  const now = options.now ?? Date.now;
  const leaseMs = leaseFor(options.sendTimeoutMs);
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  await recordUnrecorded(store, options.unrecorded);
  // Only what was due when the run began: a message that fails in this run
  // waits for its backoff even when the backoff is shorter than the run.
  const dueBy = now();
  while (options.stopClaimingAt === undefined || now() < options.stopClaimingAt) {
    const message = await store.claimDue(dueBy, now(), leaseMs);
    if (!message) break;
    report[await sendClaimed(store, mailer, message, options)] += 1;
  }
  return report;
}

/**
 * Sends the one message just stored (delivery within the request on a
 * serverless platform). Null when another sender holds it or it is gone;
 * a failure is left queued for the scheduled drain.
 */
export async function deliverOne(
  store: MessageStore,
  mailer: Mailer,
  id: number,
  options: DeliveryOptions,
): Promise<"delivered" | "failed" | null> {
  const now = options.now ?? Date.now;
  const message = await store.claimById(id, now(), leaseFor(options.sendTimeoutMs));
  return message ? sendClaimed(store, mailer, message, options) : null;
}
