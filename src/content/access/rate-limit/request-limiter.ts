/**
 * Gates every request to the content API: a request starts only when fewer
 * than its limit count in the window (sliding-window.ts: from when it is let
 * go until a window after its answer).
 *
 * Waiting requests are served by priority (request-priority.ts): each free
 * slot goes to the oldest waiting `publish` request, else the oldest
 * `regeneration`, else the oldest `visitor`; within a priority, first come
 * first served, so none waits forever behind later ones of its kind. A
 * publish therefore never waits behind a flood of visitors' work, only
 * behind the requests already on their way.
 *
 * Every queue is bounded (QUEUE_BOUNDS): a request that finds its priority's
 * queue full, or a visitor's that waited its limit, is turned away with
 * ContentBusyError at once and sends nothing; the page answers 503 with
 * Retry-After (src/errors). Memory stays flat whatever a flood asks.
 *
 * With a shared window (Redis) the count covers every instance; when it
 * cannot be reached the limiter counts on its own window, which also holds
 * every request the shared window let go, so the switch sends no burst.
 * (The outage is logged once, by the Redis link.)
 */
import { setTimeout as sleep } from "node:timers/promises";
import { ContentBusyError } from "./content-busy";
import { currentPriority, REQUEST_PRIORITIES, type RequestPriority } from "./request-priority";
import { createLocalWindow, type RequestWindow, type Slot } from "./sliding-window";

export interface RequestLimiter {
  /**
   * Resolves when a request may start, with the slot to release when its
   * answer (or failure) came. Rejects with ContentBusyError when the
   * request's queue is full or a visitor's request waited its limit.
   * `priority` defaults to the current work's (request-priority.ts).
   */
  acquire(limit: number, priority?: RequestPriority): Promise<Slot>;
}

export interface QueueBound {
  /** Requests of this priority that may wait at once; one more is turned away. */
  waiting: number;
  /** How long one may wait for a slot before it is turned away. */
  waitMs: number;
}

/**
 * A visitor's page needs a handful of requests, which the queries share
 * between concurrent renders (the memo, fresh runs): 16 waiting visitors'
 * requests is already a crowd, and a visitor is better served by a quick
 * 503 than a page after 3 s. Publishing and regeneration are bounded by the
 * content's size, not by visitors: their bounds only stop a runaway.
 */
export const QUEUE_BOUNDS: Readonly<Record<RequestPriority, QueueBound>> = {
  publish: { waiting: 2000, waitMs: Infinity },
  regeneration: { waiting: 5000, waitMs: Infinity },
  visitor: { waiting: 16, waitMs: 3000 },
};

export interface RequestLimiterOptions {
  windowMs: number;
  /** The window shared across instances; without it (or while it fails) this process's own. */
  shared?: RequestWindow;
  /** QUEUE_BOUNDS unless given (tests). */
  bounds?: Readonly<Record<RequestPriority, QueueBound>>;
  /** Where "turned away" is said, at most once per window of turnings (default console.warn). */
  log?: (line: string) => void;
}

interface Waiter {
  limit: number;
  priority: RequestPriority;
  grant(slot: Slot): void;
  refuse(error: ContentBusyError): void;
}

/** How often the log says how many requests were turned away (one line per minute of a flood, not one per request). */
const TURNED_AWAY_LOG_MS = 60_000;

export function createRequestLimiter(options: RequestLimiterOptions): RequestLimiter {
  const local = createLocalWindow(options.windowMs);
  const { shared } = options;
  const bounds = options.bounds ?? QUEUE_BOUNDS;
  const log = options.log ?? ((line: string) => console.warn(line));
  const queues: Record<RequestPriority, Waiter[]> = { publish: [], regeneration: [], visitor: [] };
  let pumping = false;
  let turnedAway = 0;
  let lastLogAt = -Infinity;

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

  /** The waiter the next slot goes to: the oldest of the highest priority. */
  function head(): Waiter | undefined {
    for (const priority of REQUEST_PRIORITIES) if (queues[priority].length > 0) return queues[priority][0];
    return undefined;
  }

  function remove(waiter: Waiter): boolean {
    const queue = queues[waiter.priority];
    const index = queue.indexOf(waiter);
    if (index < 0) return false;
    queue.splice(index, 1);
    return true;
  }

  function busy(priority: RequestPriority, why: string): ContentBusyError {
    turnedAway++;
    const now = performance.now();
    if (now - lastLogAt >= TURNED_AWAY_LOG_MS) {
      log(`content: ${turnedAway} ${priority} request(s) turned away (${why}); the content API's budget goes to publishing first`);
      turnedAway = 0;
      lastLogAt = now;
    }
    return new ContentBusyError(priority, why, Math.max(1, Math.ceil(options.windowMs / 1000)));
  }

  /** One loop at a time hands out slots: each free slot to the head of the queues as they are then. */
  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      for (let waiter = head(); waiter; waiter = head()) {
        const taken = await take(waiter.limit);
        if (typeof taken === "number") {
          await sleep(taken);
          continue;
        }
        // While the slot was being taken a waiter may have given up, or a higher priority arrived: the head as it is now.
        const served = head();
        if (!served) {
          taken.release();
          break;
        }
        remove(served);
        served.grant(taken);
      }
    } finally {
      pumping = false;
    }
  }

  return {
    acquire(limit, priority = currentPriority()) {
      const bound = bounds[priority];
      if (queues[priority].length >= bound.waiting) return Promise.reject(busy(priority, `${bound.waiting} already waiting`));
      return new Promise<Slot>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter: Waiter = {
          limit,
          priority,
          grant(slot) {
            clearTimeout(timer);
            resolve(slot);
          },
          refuse: reject,
        };
        if (Number.isFinite(bound.waitMs)) {
          timer = setTimeout(() => {
            if (remove(waiter)) waiter.refuse(busy(priority, `waited ${bound.waitMs} ms for a slot`));
          }, bound.waitMs);
          timer.unref();
        }
        queues[priority].push(waiter);
        void pump();
      });
    },
  };
}
