/**
 * The parts behind the content API's limit and the shared cv, each on its
 * own: the sliding window (counted until a window after each answer), the
 * first-come-first-served limiter, and fresh runs (calls that arrive
 * together share one, each started after its callers came).
 */
import { describe, expect, it } from "vitest";
import { createCvFollower } from "../../../src/content/access/cv-follower";
import { freshRuns } from "../../../src/content/access/fresh-run";
import { createRequestLimiter } from "../../../src/content/access/rate-limit/request-limiter";
import { createLocalWindow, IN_FLIGHT_POLL_MS, type Slot } from "../../../src/content/access/rate-limit/sliding-window";

describe("the local sliding window (1000 ms, limit 2)", () => {
  // Each step: at time t, take (→ slot or wait ms) or release the n-th slot taken.
  type Step = [at: number, action: "take"] | [at: number, action: "release", slot: number];
  it.each<[string, Step[], (number | "slot")[]]>([
    [
      "lets two go, then waits for an answer still on its way",
      [
        [0, "take"],
        [0, "take"],
        [10, "take"],
      ],
      ["slot", "slot", IN_FLIGHT_POLL_MS],
    ],
    [
      "counts from the answer, not the start: a slow answer holds the slot longer",
      [
        [0, "take"],
        [0, "take"],
        [300, "release", 0],
        [400, "release", 1],
        [900, "take"],
        [1300, "take"],
      ],
      ["slot", "slot", 400, "slot"],
    ],
    [
      "a slot frees exactly a window after its answer",
      [
        [0, "take"],
        [0, "release", 0],
        [0, "take"],
        [0, "release", 1],
        [999, "take"],
        [1000, "take"],
      ],
      ["slot", "slot", 1, "slot"],
    ],
  ])("%s", async (_, steps, expected) => {
    let now = 0;
    const window = createLocalWindow(1000, () => now);
    const slots: Slot[] = [];
    const results: (number | "slot")[] = [];
    for (const step of steps) {
      now = step[0];
      if (step[1] === "release") {
        slots[step[2]]!.release();
        continue;
      }
      const taken = await window.take(2);
      if (typeof taken === "number") results.push(taken);
      else {
        slots.push(taken);
        results.push("slot");
      }
    }
    expect(results).toEqual(expected);
  });
});

describe("the request limiter", () => {
  it("serves callers in the order they asked, each once the window has room", async () => {
    const limiter = createRequestLimiter({ windowMs: 200 });
    const order: number[] = [];
    const started = Date.now();
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        const slot = await limiter.acquire(2);
        order.push(i);
        slot.release();
      }),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
    // Five requests at two per 200 ms: the last two wait for two windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});

describe("freshRuns", () => {
  it("a call with none running starts one; the calls that come during it share the next one", async () => {
    let runs = 0;
    const gates: (() => void)[] = [];
    const run = freshRuns(() => new Promise<number>((resolve) => gates.push(() => resolve(++runs))));
    const first = run();
    const during = [run(), run(), run()];
    expect(gates).toHaveLength(1);
    gates[0]!();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    // Run 1 may have read the content before these callers came: they get run 2, started after them.
    expect(gates).toHaveLength(2);
    gates[1]!();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    expect(runs).toBe(2);
  });

  it("a failed run fails its callers and the next call starts a new one", async () => {
    let calls = 0;
    const run = freshRuns(async () => {
      calls++;
      if (calls === 1) throw new Error("down");
      return calls;
    });
    await expect(run()).rejects.toThrow("down");
    expect(await run()).toBe(2);
  });
});

describe("the cv follower", () => {
  it("looks first one TTL after start, then at most every TTL, and adopts what it finds", async () => {
    let now = 0;
    let shared: number | undefined = 7;
    const adopted: number[] = [];
    let asked = 0;
    const follower = createCvFollower({
      ttlMs: 1000,
      shared: { read: async () => shared, write: async () => undefined },
      askApi: async () => ++asked,
      adopt: async (cv) => adopted.push(cv),
      now: () => now,
    });
    await follower.follow();
    expect(adopted).toEqual([]);
    now = 1000;
    await Promise.all([follower.follow(), follower.follow()]);
    expect(adopted).toEqual([7]);
    shared = 9;
    now = 1999;
    await follower.follow();
    expect(adopted).toEqual([7]);
    now = 2000;
    await follower.follow();
    expect(adopted).toEqual([7, 9]);
    expect(asked).toBe(0);
  });

  it("asks the API when Redis fails, and logs a failing look once until one succeeds", async () => {
    let now = 1000;
    const lines: string[] = [];
    let apiUp = false;
    const follower = createCvFollower({
      ttlMs: 1000,
      shared: { read: () => Promise.reject(new Error("offline")), write: async () => undefined },
      askApi: async () => {
        if (!apiUp) throw new Error("API down");
        return 5;
      },
      adopt: async () => undefined,
      now: () => now,
      log: (line) => lines.push(line),
    });
    for (const at of [1000, 2000, 3000]) {
      now = at + 1000;
      await follower.follow();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content: could not read the latest content version \(Error: API down\)/);
    apiUp = true;
    now += 1000;
    await follower.follow();
    apiUp = false;
    now += 1000;
    await follower.follow();
    expect(lines).toHaveLength(2);
  });
});
