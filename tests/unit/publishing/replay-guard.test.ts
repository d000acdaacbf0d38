/** The replay guard's memory: what it remembers, for how long, how much (copies sent at once: batch-queue.test.ts, webhook-route.test.ts). */
import { describe, expect, it } from "vitest";
import {
  contentFingerprint,
  createReplayGuard,
  MAX_REMEMBERED_PAYLOADS,
  payloadKey,
  REPLAY_WINDOW_MS,
} from "../../../src/publishing/replay-guard";

function clockedGuard(options: { windowMs?: number; maxEntries?: number } = {}) {
  let time = 1_000_000;
  const guard = createReplayGuard({ windowMs: 1000, maxEntries: 3, ...options, now: () => time });
  return { guard, advance: (ms: number) => (time += ms) };
}

describe("what is remembered", () => {
  it("a payload processed at some content, and only at that content", () => {
    const { guard, advance } = clockedGuard();
    expect(guard.processedAgo("p", "c1")).toBeUndefined();
    guard.remember("p", "c1");
    advance(250);
    expect(guard.processedAgo("p", "c1")).toBe(250);
    expect(guard.processedAgo("p", "c2")).toBeUndefined();
    expect(guard.processedAgo("q", "c1")).toBeUndefined();
  });

  it.each([
    ["just inside the window", 999, 999],
    ["at the window's end", 1000, undefined],
    ["after it", 5000, undefined],
  ])("%s (%i ms later) → %s", (_name, later, ago) => {
    const { guard, advance } = clockedGuard();
    guard.remember("p", "c");
    advance(later);
    expect(guard.processedAgo("p", "c")).toBe(ago);
  });

  it("a payload remembered again starts a new window", () => {
    const { guard, advance } = clockedGuard();
    guard.remember("p", "c");
    advance(900);
    guard.remember("p", "c");
    advance(900);
    expect(guard.processedAgo("p", "c")).toBe(900);
  });
});

describe("memory stays bounded", () => {
  it("expired entries are dropped", () => {
    const { guard, advance } = clockedGuard({ maxEntries: 100 });
    for (let i = 0; i < 50; i++) guard.remember(`p${i}`, "c");
    expect(guard.remembered()).toBe(50);
    advance(1000);
    expect(guard.remembered()).toBe(0);
  });

  it("past the cap the oldest entry goes; a payload remembered again is the newest", () => {
    const { guard } = clockedGuard({ maxEntries: 3 });
    for (const payload of ["a", "b", "c"]) guard.remember(payload, "x");
    guard.remember("a", "x");
    guard.remember("d", "x");
    expect(guard.remembered()).toBe(3);
    expect(["a", "b", "c", "d"].map((payload) => guard.processedAgo(payload, "x") !== undefined)).toEqual([true, false, true, true]);
  });

  it("the defaults: a minute, a thousand payloads", () => {
    expect(REPLAY_WINDOW_MS).toBe(60_000);
    expect(MAX_REMEMBERED_PAYLOADS).toBe(1_000);
    const guard = createReplayGuard();
    for (let i = 0; i < MAX_REMEMBERED_PAYLOADS + 10; i++) guard.remember(`p${i}`, "c");
    expect(guard.remembered()).toBe(MAX_REMEMBERED_PAYLOADS);
  });
});

describe("keys", () => {
  it("a payload's key is the sha256 of its exact bytes", () => {
    expect(payloadKey(Buffer.from("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(payloadKey(Buffer.from('{"a":1}'))).not.toBe(payloadKey(Buffer.from('{"a": 1}')));
  });

  it("a content fingerprint changes with any field of any story", () => {
    const listing = [{ id: 1, uuid: "u", full_slug: "home", content: { title: "A" } }];
    expect(contentFingerprint(listing)).toBe(contentFingerprint(structuredClone(listing)));
    expect(contentFingerprint(listing)).not.toBe(contentFingerprint([{ ...listing[0], content: { title: "B" } }]));
  });
});
