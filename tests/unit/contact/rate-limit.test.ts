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

describe("createRateLimiter counts networks, not addresses", () => {
  const limiterOfFive = () => createRateLimiter({ limit: 5, windowMs: 600_000, now: () => 0 });

  it.each<[string, string[]]>([
    ["six addresses of one IPv6 /64", ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2::3", "2001:db8:1:2::4", "2001:db8:1:2::5", "2001:db8:1:2::6"]],
    [
      "one /64 spelled six ways",
      ["2001:db8:1:2::1", "2001:DB8:1:2::1", "2001:0db8:0001:0002::1", "2001:db8:1:2:0:0:0:1", "[2001:db8:1:2::1]:443", "2001:db8:1:2:ffff:ffff:ffff:ffff"],
    ],
    ["an IPv4 address and its IPv4-mapped spellings", ["203.0.113.9", "::ffff:203.0.113.9", "::FFFF:cb00:7109", "203.0.113.9:4000", "0:0:0:0:0:ffff:203.0.113.9", "203.0.113.9"]],
    ["link-local with zone ids", ["fe80::1%eth0", "fe80::2%eth0", "fe80::3%eth1", "fe80::4", "fe80::5%2", "fe80::6"]],
  ])("%s share one allowance of five", (_name, addresses) => {
    const limiter = limiterOfFive();
    const decisions = addresses.map((address) => limiter.hit(address).ok);
    expect(decisions).toEqual([true, true, true, true, true, false]);
    expect(limiter.size()).toBe(1);
  });

  it("gives each /64, and each IPv4 address, its own allowance", () => {
    const limiter = limiterOfFive();
    for (let i = 0; i < 5; i += 1) expect(limiter.hit(`2001:db8:1:2::${i + 1}`).ok).toBe(true);
    expect(limiter.hit("2001:db8:1:3::1").ok).toBe(true);
    for (let i = 0; i < 5; i += 1) expect(limiter.hit("203.0.113.9").ok).toBe(true);
    expect(limiter.hit("203.0.113.10").ok).toBe(true);
    expect(limiter.size()).toBe(4);
  });

  it("counts an unparseable address as given, without a crash", () => {
    const limiter = limiterOfFive();
    for (let i = 0; i < 5; i += 1) expect(limiter.hit("unknown").ok).toBe(true);
    expect(limiter.hit("unknown").ok).toBe(false);
    expect(limiter.hit("also unknown").ok).toBe(true);
  });
});
