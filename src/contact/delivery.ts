import { MAX_RETRY_MS } from "./config";
import type { Mailer } from "./mailer";
import type { MessageStore } from "./message-store";

/** Longer than one SMTP exchange may take (its timeouts included), so a live sender never loses its lease. */
export const LEASE_MS = 2 * 60_000;

/** The wait after the `attempts`-th failed attempt: base, 2×base, 4×base … capped at an hour. */
export function retryDelay(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/**
 * Sends every message that is due, one at a time, until none is. A failure
 * (server down, refused, no recipient) leaves the message queued with its
 * error and the time of its next attempt; it is never dropped.
 */
export async function deliverDue(
  store: MessageStore,
  mailer: Mailer,
  { retryBaseMs, now = Date.now }: { retryBaseMs: number; now?: () => number },
): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  // Only what was due when the run began: a message that fails in this run
  // waits for its backoff even when the backoff is shorter than the run.
  const dueBy = now();
  for (let message = store.claimDue(dueBy, now(), LEASE_MS); message; message = store.claimDue(dueBy, now(), LEASE_MS)) {
    try {
      await mailer.send(message);
      store.markDelivered(message.id, now());
      report.delivered += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      store.markFailed(message.id, reason, now() + retryDelay(message.attempts + 1, retryBaseMs));
      report.failed += 1;
    }
  }
  return report;
}
