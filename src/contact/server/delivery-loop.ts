import { deliverDue, type DeliveryOptions } from "./delivery";
import type { Mailer } from "./mailer";
import type { MessageStore } from "./store/message-store";

/** Never sleep longer: another process (`portfolio messages retry`, another instance) may have changed the queue. */
const MAX_SLEEP_MS = 60_000;
/** Never spin: a message leased by a crashed process is due but cannot be claimed until its lease ends. */
const MIN_SLEEP_MS = 250;
/** While the database cannot be reached: try again this soon. */
const STORE_DOWN_SLEEP_MS = 5_000;

/**
 * The server's background sender (delivery mode "background"): runs now,
 * then sleeps until the next queued message is due. `kick()` after storing
 * a message sends it at once. The timer is unref'd, so it never keeps a
 * process alive by itself.
 */
export function createDeliveryLoop(store: MessageStore, mailer: Mailer, options: DeliveryOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let storeDown = false;

  function sleep(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void kick(), Math.min(Math.max(ms, MIN_SLEEP_MS), MAX_SLEEP_MS));
    timer.unref();
  }

  async function schedule() {
    if (stopped) return;
    if (storeDown) return sleep(STORE_DOWN_SLEEP_MS);
    try {
      const next = await store.nextDueAt();
      // Something this process sent is still to be recorded: come back for it.
      if (next === null && options.unrecorded.size === 0) return clearTimeout(timer);
      sleep((next ?? 0) - Date.now());
    } catch {
      sleep(STORE_DOWN_SLEEP_MS);
    }
  }

  async function runUntilQuiet() {
    do {
      again = false;
      try {
        const report = await deliverDue(store, mailer, options);
        if (storeDown) console.warn("contact: the message store answers again; delivery goes on.");
        storeDown = false;
        if (report.failed > 0) console.warn(`contact: ${report.failed} message(s) not delivered yet; kept in the queue for a retry.`);
      } catch (error) {
        if (!storeDown)
          console.error(
            "contact: the message store cannot be reached; queued messages wait for it:",
            error instanceof Error ? error.message : error,
          );
        storeDown = true;
        return;
      }
    } while (again && !stopped);
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runUntilQuiet().finally(async () => {
      running = null;
      await schedule();
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
