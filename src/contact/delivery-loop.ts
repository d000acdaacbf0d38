import { deliverDue } from "./delivery";
import type { Mailer } from "./mailer";
import type { MessageStore } from "./message-store";

/** Never sleep longer: another process (`portfolio messages retry`) may have changed the queue. */
const MAX_SLEEP_MS = 60_000;
/** Never spin: a message leased by a crashed process is due but cannot be claimed until its lease ends. */
const MIN_SLEEP_MS = 250;

/**
 * The server's background sender: runs now, then sleeps until the next
 * queued message is due. `kick()` after storing a message sends it at once.
 * The timer is unref'd, so it never keeps a process alive by itself.
 */
export function createDeliveryLoop(store: MessageStore, mailer: Mailer, retryBaseMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function schedule() {
    clearTimeout(timer);
    if (stopped) return;
    const next = store.nextDueAt();
    if (next === null) return;
    const wait = Math.min(Math.max(next - Date.now(), MIN_SLEEP_MS), MAX_SLEEP_MS);
    timer = setTimeout(() => void kick(), wait);
    timer.unref();
  }

  async function runUntilQuiet() {
    do {
      again = false;
      try {
        const report = await deliverDue(store, mailer, { retryBaseMs });
        if (report.failed > 0) console.warn(`contact: ${report.failed} message(s) not delivered yet; kept in the queue for a retry.`);
      } catch (error) {
        console.error("contact: delivery run failed; the queue is unchanged:", error);
      }
    } while (again && !stopped);
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runUntilQuiet().finally(() => {
      running = null;
      schedule();
    });
    return running;
  }

  return {
    kick,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type DeliveryLoop = ReturnType<typeof createDeliveryLoop>;
