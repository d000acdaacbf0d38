/**
 * The batch queue under webhooks: what arrives together runs together, one
 * batch at a time, and whatever arrives while one runs waits in the next.
 * Real timers, but for the tests whose outcome depends on when items come
 * (a stream 30 ms apart, an item while a batch runs): those move a fake
 * clock by hand, so a busy machine's pauses cannot reorder what they send.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBatchQueue, type RunBatch } from "../../../src/publishing/batch-queue";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingQueue(workMs: number, timing = { settleMs: 50, maxCollectMs: 400 }) {
  const runs: { batch: number; items: string[]; startedAt: number; endedAt?: number }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const run: RunBatch<string, string> = async (items, batch) => {
    const record = { batch, items: [...items], startedAt: Date.now(), endedAt: undefined as number | undefined };
    runs.push(record);
    mostAtOnce = Math.max(mostAtOnce, ++running);
    await pause(workMs);
    running--;
    record.endedAt = Date.now();
    if (items.includes("boom")) throw new Error("boom");
    return items.map((item) => `${item} done in ${batch}`);
  };
  return { queue: createBatchQueue(run, timing), runs, mostAtOnce: () => mostAtOnce };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("batches", () => {
  it("items added together run in one batch, each with its own result in order", async () => {
    const { queue, runs } = recordingQueue(10);
    const queued = ["a", "b", "c"].map((item) => queue.add(item));
    expect(queued.map((entry) => entry.batch)).toEqual([1, 1, 1]);
    expect(await Promise.all(queued.map((entry) => entry.result))).toEqual(["a done in 1", "b done in 1", "c done in 1"]);
    expect(runs.map((run) => run.items)).toEqual([["a", "b", "c"]]);
  });

  it("a batch keeps collecting while items come closer than settleMs, up to maxCollectMs", async () => {
    vi.useFakeTimers();
    const { queue, runs } = recordingQueue(10, { settleMs: 80, maxCollectMs: 300 });
    const results: Promise<string>[] = [];
    // One every 30 ms for 600 ms: the first batch closes at its 300 ms cap, not at the stream's end.
    for (let i = 0; i < 20; i++) {
      results.push(queue.add(`i${i}`).result);
      await vi.advanceTimersByTimeAsync(30);
    }
    await vi.runAllTimersAsync();
    await Promise.all(results);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0]!.items.length).toBeGreaterThan(3);
    expect(runs[0]!.items.length).toBeLessThan(20);
    expect(runs.flatMap((run) => run.items)).toHaveLength(20);
  });

  it("one batch at a time: what arrives while one runs waits, all of it in the next", async () => {
    vi.useFakeTimers();
    const { queue, runs, mostAtOnce } = recordingQueue(300);
    const first = queue.add("a");
    await vi.advanceTimersByTimeAsync(100);
    // Batch 1 is running: these three join batch 2, however far apart.
    const later = [queue.add("b"), queue.add("c")];
    await vi.advanceTimersByTimeAsync(120);
    later.push(queue.add("d"));
    expect(later.map((entry) => entry.batch)).toEqual([2, 2, 2]);
    await vi.runAllTimersAsync();
    await Promise.all([first.result, ...later.map((entry) => entry.result)]);
    expect(runs.map((run) => run.items)).toEqual([["a"], ["b", "c", "d"]]);
    expect(runs[1]!.startedAt).toBeGreaterThanOrEqual(runs[0]!.endedAt!);
    expect(mostAtOnce()).toBe(1);
  });

  it("a batch that throws rejects its own items only; the next batch runs", async () => {
    const { queue } = recordingQueue(50);
    const failing = [queue.add("boom"), queue.add("x")];
    const failed = Promise.allSettled(failing.map((entry) => entry.result));
    // Past the settle time: batch 1 is closed and running.
    await pause(80);
    const next = queue.add("y");
    expect(next.batch).toBe(2);
    expect((await failed).map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(await next.result).toBe(`y done in ${next.batch}`);
  });
});
