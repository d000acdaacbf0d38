/**
 * A sliding window of requests in this process's memory. Timestamps, not a
 * counter reset each second: a fixed one-second bucket lets 5 requests
 * through at the end of one second and 5 more at the start of the next, 10
 * within 1000 ms.
 *
 * A request counts from when it is let go until `windowMs` after its answer
 * came, not after it left: the API counts a request when it arrives, which
 * is somewhere in between (a busy event loop or a cold connection can hold
 * it up by hundreds of ms), and only the answer proves it has arrived. So
 * no `limit + 1` requests can ever arrive within `windowMs`, however late
 * each one arrives, at the cost of one round trip per slot.
 */
export interface RequestWindow {
  /**
   * Takes a slot when fewer than `limit` requests count in the window:
   * resolves a Slot. Otherwise resolves how many ms to wait before asking
   * again, and takes nothing.
   */
  take(limit: number): Promise<Slot | number>;
}

export interface Slot {
  /** The answer came (or the request failed): the slot counts for `windowMs` more from now. */
  release(): void;
}

/** How often to ask again while the window is full of requests still on their way (their answers free it). */
export const IN_FLIGHT_POLL_MS = 25;

export interface LocalWindow extends RequestWindow {
  /** Counts a request let go by another window (the shared one), so falling back to this one sends no burst. */
  record(): Slot;
}

export function createLocalWindow(windowMs: number, now: () => number = Date.now): LocalWindow {
  /** Each counted request: when its answer came, Infinity while it is on its way. */
  const entries: { answeredAt: number }[] = [];
  const prune = (at: number) => {
    for (let i = entries.length - 1; i >= 0; i--)
      if ((entries[i] as { answeredAt: number }).answeredAt <= at - windowMs) entries.splice(i, 1);
  };
  const slot = (): Slot => {
    const entry = { answeredAt: Infinity };
    entries.push(entry);
    return {
      release() {
        if (entry.answeredAt === Infinity) entry.answeredAt = now();
      },
    };
  };
  return {
    take(limit) {
      const at = now();
      prune(at);
      if (entries.length < limit) return Promise.resolve(slot());
      // Room again once the entry `limit` places from the latest has aged out.
      const ends = entries.map((e) => e.answeredAt).sort((a, b) => a - b);
      const blocking = ends[ends.length - limit] as number;
      return Promise.resolve(blocking === Infinity ? IN_FLIGHT_POLL_MS : Math.max(1, blocking + windowMs - at));
    },
    record: slot,
  };
}
