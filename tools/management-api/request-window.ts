/**
 * Storyblok's rate limit as the server counts it: at most N requests arriving
 * within any one second. The client's own limiter counts a request from when
 * it starts, so a request slowed on its way (the first one opens the
 * connection) and the next three sent on time arrive within one second, and
 * the fourth gets a 429; its retry is then sent outside the limiter, and the
 * 429s feed each other (seen against the local Management API: 17 in a push
 * of 21 writes). Here a request holds its place from when it is sent until
 * one second after its answer came back: the answer came after the server
 * counted the request, so a request sent later cannot arrive within that
 * second. On one machine, and behind any network, none is ever refused.
 */

export interface RequestWindow {
  /** Waits for a place; every `acquire` is followed by one `release`, when the answer is in. */
  acquire(): Promise<void>;
  release(): void;
}

export interface RequestWindowOptions {
  /** The clock (ms); Date.now by default. */
  now?: () => number;
  /**
   * A request not answered after this long (its connection failed without an
   * answer, so `release` never comes) stops holding its place.
   */
  forgetAfterMs?: number;
}

const SECOND = 1000;

export function createRequestWindow(perSecond: number, options: RequestWindowOptions = {}): RequestWindow {
  const now = options.now ?? Date.now;
  const forgetAfterMs = options.forgetAfterMs ?? Infinity;
  /** When each request still waiting for its answer was sent, oldest first. */
  const pending: number[] = [];
  /** When each answer of the last second came back, oldest first. */
  const answered: number[] = [];
  /** Who waits for a place; a release wakes them all, and each looks again. */
  let waiters: (() => void)[] = [];

  // An empty list's oldest entry reads as Infinity: never old enough to drop, never a wait to end.
  const oldest = (list: number[]) => list[0] ?? Infinity;
  const prune = (at: number) => {
    while (oldest(answered) <= at - SECOND) answered.shift();
    while (oldest(pending) <= at - forgetAfterMs) pending.shift();
  };

  return {
    async acquire() {
      for (;;) {
        const at = now();
        prune(at);
        if (pending.length + answered.length < perSecond) {
          pending.push(at);
          return;
        }
        // Try again when the oldest answer leaves the second, or when a pending one is answered
        // (it then starts its own second, which may end first if nothing was answered before).
        const wait = Math.min(oldest(answered) + SECOND - at, oldest(pending) + forgetAfterMs - at);
        // Woken by its timer, a waiter stays in the list until the next release, which calls it
        // once more: resolving a settled promise and clearing a spent timer do nothing.
        await new Promise<void>((resolve) => {
          const timer = Number.isFinite(wait) ? setTimeout(resolve, Math.max(wait, 0)) : undefined;
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    release() {
      pending.shift();
      answered.push(now());
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    },
  };
}
