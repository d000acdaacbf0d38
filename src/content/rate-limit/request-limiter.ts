/**
 * Gates every request to the content API: a request starts only when fewer
 * than its limit count in the window (sliding-window.ts: from when it is let
 * go until a window after its answer). Callers are served first come, first
 * served (one chain of turns), so a burst of page renders, a webhook's
 * listing and a cdn/spaces/me wait in the order they asked, and none waits
 * forever behind later ones.
 *
 * With a shared window (Redis) the count covers every instance; when it
 * cannot be reached the limiter counts on its own window, which also holds
 * every request the shared window let go, so the switch sends no burst.
 * (The outage is logged once, by the Redis link.)
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createLocalWindow, type RequestWindow, type Slot } from "./sliding-window";

export interface RequestLimiter {
  /** Resolves when a request may start, with the slot to release when its answer (or failure) came. */
  acquire(limit: number): Promise<Slot>;
}

export interface RequestLimiterOptions {
  windowMs: number;
  /** The window shared across instances; without it (or while it fails) this process's own. */
  shared?: RequestWindow;
}

export function createRequestLimiter(options: RequestLimiterOptions): RequestLimiter {
  const local = createLocalWindow(options.windowMs);
  const { shared } = options;

  async function take(limit: number): Promise<Slot | number> {
    if (shared) {
      try {
        const taken = await shared.take(limit);
        if (typeof taken === "number") return taken;
        const mirrored = local.record();
        return {
          release() {
            mirrored.release();
            taken.release();
          },
        };
      } catch {
        // Redis is unreachable: this process's own window (the link has logged it).
      }
    }
    return local.take(limit);
  }

  async function waitForSlot(limit: number): Promise<Slot> {
    for (;;) {
      const taken = await take(limit);
      if (typeof taken !== "number") return taken;
      await sleep(taken);
    }
  }

  let tail: Promise<unknown> = Promise.resolve();
  return {
    acquire(limit) {
      const turn = tail.then(() => waitForSlot(limit));
      tail = turn.catch(() => undefined);
      return turn;
    },
  };
}
