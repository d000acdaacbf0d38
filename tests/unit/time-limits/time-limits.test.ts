/**
 * The time limits every part uses (src/time-limits/time-limits.mjs), on
 * vitest's clock: work that finishes in time passes through, work that does
 * not is given up on at the limit (a rejection, or undefined), and the timer
 * is gone once the work settles.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rejectAfter, waitAtMost } from "../../../src/time-limits/time-limits.mjs";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A promise settled by hand. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("rejectAfter", () => {
  it("passes on work that settles in time, and leaves no timer", async () => {
    const work = pending<string>();
    const limited = rejectAfter(work.promise, 1000, "too slow");
    await vi.advanceTimersByTimeAsync(999);
    work.resolve("done");
    await expect(limited).resolves.toBe("done");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes on the work's own failure", async () => {
    const work = pending<string>();
    const limited = rejectAfter(work.promise, 1000, "too slow");
    work.reject(new Error("refused"));
    await expect(limited).rejects.toThrow("refused");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with its message at the limit", async () => {
    const limited = rejectAfter(pending<string>().promise, 1000, "the SMTP server took longer than 1 s");
    const outcome = expect(limited).rejects.toThrow("the SMTP server took longer than 1 s");
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
  });
});

describe("waitAtMost", () => {
  it("the work's value when it comes in time, and no timer left", async () => {
    const work = pending<number>();
    const waited = waitAtMost(work.promise, 500);
    work.resolve(7);
    await expect(waited).resolves.toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("undefined at the limit, while the work goes on", async () => {
    const work = pending<number>();
    const waited = waitAtMost(work.promise, 500);
    await vi.advanceTimersByTimeAsync(500);
    await expect(waited).resolves.toBeUndefined();
    work.resolve(7);
    await expect(work.promise).resolves.toBe(7);
  });
});
