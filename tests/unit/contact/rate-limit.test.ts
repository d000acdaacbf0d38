import { describe, expect, it } from "vitest";
import { createRateLimiter } from "../../../src/contact/rate-limit";

describe("createRateLimiter", () => {
  it("allows `limit` messages per address in the window, then says how long to wait", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect(limiter.hit("203.0.113.7")).toEqual({ ok: true });
    now = 10_000;
    expect(limiter.hit("203.0.113.7")).toEqual({ ok: true });
    now = 15_000;
    expect(limiter.hit("203.0.113.7")).toEqual({ ok: false, retryAfterSeconds: 45 });
    // Another address has its own allowance.
    expect(limiter.hit("198.51.100.1")).toEqual({ ok: true });
  });

  it("is a sliding window: each message frees its slot when it is `windowMs` old", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    limiter.hit("a");
    now = 30_000;
    limiter.hit("a");
    now = 60_000;
    expect(limiter.hit("a")).toEqual({ ok: true });
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 30 });
  });

  it("forgets an address once its window has passed", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now });
    limiter.hit("203.0.113.7");
    limiter.hit("198.51.100.1");
    expect(limiter.size()).toBe(2);
    now = 1000;
    expect(limiter.size()).toBe(0);
  });

  it("never asks for less than a second", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now });
    limiter.hit("a");
    now = 999.5;
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});
