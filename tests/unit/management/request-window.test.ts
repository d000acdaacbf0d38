import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRequestWindow } from "../../../tools/management-api/request-window";

/**
 * The Management API client's rate limit: a request holds its place from
 * when it is sent until a second after its answer. Fake timers stand for the
 * clock, so each wait is checked to the millisecond.
 */
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts `acquire` and says when it resolved (undefined while it waits). */
function track(acquire: Promise<void>): { at?: number } {
  const state: { at?: number } = {};
  void acquire.then(() => (state.at = Date.now()));
  return state;
}

describe("createRequestWindow", () => {
  it("lets 3 through at once, and the 4th a second after the first answer came back", async () => {
    const window = createRequestWindow(3);
    const sent = [track(window.acquire()), track(window.acquire()), track(window.acquire()), track(window.acquire())];
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.at)).toEqual([0, 0, 0, undefined]);

    await vi.advanceTimersByTimeAsync(250);
    window.release(); // the first answer, at 250 ms
    await vi.advanceTimersByTimeAsync(999);
    expect(sent[3]!.at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[3]!.at).toBe(1250);
  });

  it("a request still waiting for its answer keeps its place however long it takes", async () => {
    const window = createRequestWindow(1);
    await window.acquire();
    const next = track(window.acquire());
    await vi.advanceTimersByTimeAsync(5000);
    expect(next.at).toBeUndefined();
    window.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(next.at).toBe(6000);
  });

  it("forgets a request never answered (its connection failed) after forgetAfterMs", async () => {
    const window = createRequestWindow(1, { forgetAfterMs: 3000 });
    await window.acquire();
    const next = track(window.acquire());
    await vi.advanceTimersByTimeAsync(3000);
    expect(next.at).toBe(3000);
  });

  it("counts forgetAfterMs from when the request was sent", async () => {
    await vi.advanceTimersByTimeAsync(500);
    const window = createRequestWindow(1, { forgetAfterMs: 3000 });
    await window.acquire(); // sent at 500 ms, never answered
    const next = track(window.acquire());
    await vi.advanceTimersByTimeAsync(2999);
    expect(next.at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(next.at).toBe(3500);
  });

  it("sends a steady run of sequential calls at no more than 3 in any second of answers", async () => {
    const window = createRequestWindow(3);
    const sentAt: number[] = [];
    for (let i = 0; i < 10; i++) {
      const acquired = window.acquire();
      await vi.runOnlyPendingTimersAsync();
      await acquired;
      sentAt.push(Date.now());
      await vi.advanceTimersByTimeAsync(20); // the answer takes 20 ms
      window.release();
    }
    for (let i = 3; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 3]!).toBeGreaterThan(1000);
  });
});
