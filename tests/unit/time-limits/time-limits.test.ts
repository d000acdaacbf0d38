/**
 * The time limits every part uses (src/time-limits/time-limits.mjs), on
 * vitest's clock: work that finishes in time passes through, work that does
 * not is given up on at the limit (a rejection, or undefined), and the timer
 * is gone once the work settles. Then on the real clock, with another
 * process answering: an answer that came while the event loop was held past
 * the limit (a server busy rendering) is taken, not called missing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { raceAbortSignal, rejectAfter, waitAtMost } from "../../../src/time-limits/time-limits.mjs";
import { HANG_GUARD_MS } from "../../support/hang-guard";

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

describe("on vitest's clock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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

    it("rejects with its message at the limit, once the I/O already there has had its turn", async () => {
      const limited = rejectAfter(pending<string>().promise, 1000, "the SMTP server took longer than 1 s");
      const outcome = expect(limited).rejects.toThrow("the SMTP server took longer than 1 s");
      await vi.advanceTimersByTimeAsync(1000);
      // The last look at waiting I/O is a setImmediate: one more turn of the loop.
      await vi.advanceTimersToNextTimerAsync();
      await outcome;
      expect(vi.getTimerCount()).toBe(0);
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
      await vi.advanceTimersToNextTimerAsync();
      await expect(waited).resolves.toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
      work.resolve(7);
      await expect(work.promise).resolves.toBe(7);
    });
  });
});

describe("on the real clock, with the event loop held past the limit", () => {
  /**
   * Another process that answers each line on its stdin at once, as a Redis
   * or an SMTP server does, then leaves a file saying it has: the proof,
   * readable without the event loop, that the answer waits in the pipe.
   */
  let answerer: ChildProcess | undefined;
  let folder: string | undefined;
  afterEach(() => {
    answerer?.kill();
    answerer = undefined;
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });

  async function startAnswerer(): Promise<{ ask(): Promise<string>; answered: string }> {
    folder = mkdtempSync(join(tmpdir(), "time-limits-"));
    const answered = join(folder, "answered");
    const script = `process.stdin.on("data", () => { process.stdout.write("answer"); require("node:fs").writeFileSync(${JSON.stringify(answered)}, ""); }); process.stdout.write("ready");`;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
    answerer = child;
    const [ready] = (await once(child.stdout!, "data")) as [Buffer];
    expect(ready.toString()).toBe("ready");
    return {
      answered,
      ask() {
        const answer = once(child.stdout!, "data").then(([data]) => (data as Buffer).toString());
        child.stdin!.write("question\n");
        return answer;
      },
    };
  }

  /**
   * Holds this process's event loop, as a server rendering a heavy page does:
   * at least `ms`, and until the answerer has answered (no timer, no I/O of
   * this process runs meanwhile).
   */
  function holdEventLoop(ms: number, answered?: string): void {
    const started = performance.now();
    while (performance.now() - started < ms || (answered !== undefined && !existsSync(answered))) {
      // A hang guard: the answerer answers within milliseconds on a quiet machine.
      if (performance.now() - started > HANG_GUARD_MS)
        throw new Error(`hang guard: the answerer did not answer within ${HANG_GUARD_MS / 1000} s`);
    }
  }

  it("rejectAfter: the answer that arrived meanwhile is taken, not a timeout", async () => {
    const { ask, answered } = await startAnswerer();
    const limited = rejectAfter(ask(), 50, "no answer within 50 ms");
    holdEventLoop(200, answered);
    await expect(limited).resolves.toBe("answer");
  });

  it("waitAtMost: the answer that arrived meanwhile is taken, not undefined", async () => {
    const { ask, answered } = await startAnswerer();
    const waited = waitAtMost(ask(), 50);
    holdEventLoop(200, answered);
    await expect(waited).resolves.toBe("answer");
  });

  it("raceAbortSignal: an AbortSignal.timeout that fired meanwhile does not beat the answer", async () => {
    const { ask, answered } = await startAnswerer();
    const raced = raceAbortSignal(ask(), AbortSignal.timeout(50));
    holdEventLoop(200, answered);
    await expect(raced).resolves.toBe("answer");
  });

  it("raceAbortSignal: with no answer, the signal ends the wait; an aborted signal refuses at once", async () => {
    const raced = raceAbortSignal(pending<string>().promise, AbortSignal.timeout(50));
    holdEventLoop(200);
    await expect(raced).rejects.toThrow("Operation aborted");
    await expect(raceAbortSignal(Promise.resolve("late"), AbortSignal.abort())).rejects.toThrow("Operation aborted");
  });

  it("with no answer at all, the limit still ends the wait once the loop is free", async () => {
    const limited = rejectAfter(pending<string>().promise, 50, "no answer within 50 ms");
    holdEventLoop(200);
    await expect(limited).rejects.toThrow("no answer within 50 ms");
  });
});
