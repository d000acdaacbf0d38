/**
 * Keeps a push within Storyblok's 3 requests per second as the server
 * counts them. The client's own limiter counts when requests start, but
 * the server counts when they arrive, and arrival times jitter: three
 * requests started exactly a second after three others can land inside
 * one second. So this pacer counts a request from its start until its
 * answer came back, plus a second: a request may start only while fewer
 * than `perSecond` others are in flight or answered within the last
 * second. Any two requests the server sees within one second then belong
 * to the same `perSecond` (each was answered after the other had arrived
 * or was still in flight), whatever the network did in between.
 */

export interface RequestPacer {
  run<T>(request: () => Promise<T>): Promise<T>;
}

export interface PacerOptions {
  perSecond?: number;
  /** Added to the second, for clock granularity. */
  marginMs?: number;
  now?: () => number;
}

export function createRequestPacer({ perSecond = 3, marginMs = 20, now = Date.now }: PacerOptions = {}): RequestPacer {
  const windowMs = 1000 + marginMs;
  /** One entry per request still counted: when it was answered, or Infinity while in flight. */
  const slots: { answeredAt: number }[] = [];
  const waiting = new Set<() => void>();
  const changed = () => {
    for (const wake of [...waiting]) wake();
  };

  async function acquire(): Promise<{ answeredAt: number }> {
    for (;;) {
      const at = now();
      for (let i = slots.length - 1; i >= 0; i--) if (slots[i]!.answeredAt <= at - windowMs) slots.splice(i, 1);
      if (slots.length < perSecond) {
        const slot = { answeredAt: Number.POSITIVE_INFINITY };
        slots.push(slot);
        return slot;
      }
      const soonest = Math.min(...slots.map((slot) => slot.answeredAt));
      await new Promise<void>((resolve) => {
        // Whichever comes first: the oldest answered slot leaving the window, or an in-flight one being answered.
        const timer = Number.isFinite(soonest) ? setTimeout(() => wake(), Math.max(0, soonest + windowMs - at)) : undefined;
        const wake = () => {
          if (timer) clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        waiting.add(wake);
      });
    }
  }

  return {
    async run(request) {
      const slot = await acquire();
      try {
        return await request();
      } finally {
        slot.answeredAt = now();
        changed();
      }
    },
  };
}
