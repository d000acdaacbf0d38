/**
 * The per-sender limit kept in the message store (store/stored-rate-limit.ts),
 * against both stores: a sliding window, networks rather than addresses,
 * shared by every handle (instance) on one database, exact under concurrent
 * posts, and forgetful: no raw address is written, and a sender's hits are
 * gone once their window has passed.
 */
import { describe, expect, it } from "vitest";
import type { StoreLocation } from "../../../src/contact/server/store/location";
import type { MessageStore } from "../../../src/contact/server/store/message-store";
import { describeEachStore, everyStoredText, type StoreFactory } from "./support/stores";
import { runWorkersTogether } from "./support/workers";

const rule = (limit: number, windowMs: number) => ({ limit, windowMs });

describeEachStore("store.rateLimit", (stores: StoreFactory) => {
  let location: StoreLocation;
  const open = async (): Promise<MessageStore> => {
    location = await stores.fresh();
    return stores.open(location);
  };

  it("allows `limit` messages per address in the window, then says how long to wait", async () => {
    const { rateLimit } = await open();
    expect(await rateLimit.hit("203.0.113.7", rule(2, 60_000), 0)).toEqual({ ok: true });
    expect(await rateLimit.hit("203.0.113.7", rule(2, 60_000), 10_000)).toEqual({ ok: true });
    expect(await rateLimit.hit("203.0.113.7", rule(2, 60_000), 15_000)).toEqual({ ok: false, retryAfterSeconds: 45 });
    // Another address has its own allowance.
    expect(await rateLimit.hit("198.51.100.1", rule(2, 60_000), 15_000)).toEqual({ ok: true });
  });

  it("is a sliding window: each message frees its slot when it is `windowMs` old", async () => {
    const { rateLimit } = await open();
    await rateLimit.hit("203.0.113.7", rule(2, 60_000), 0);
    await rateLimit.hit("203.0.113.7", rule(2, 60_000), 30_000);
    expect(await rateLimit.hit("203.0.113.7", rule(2, 60_000), 60_000)).toEqual({ ok: true });
    expect(await rateLimit.hit("203.0.113.7", rule(2, 60_000), 60_000)).toEqual({ ok: false, retryAfterSeconds: 30 });
  });

  it("a refused post is not counted: the wait does not grow while the sender keeps trying", async () => {
    const { rateLimit } = await open();
    await rateLimit.hit("a", rule(1, 10_000), 0);
    expect(await rateLimit.hit("a", rule(1, 10_000), 5_000)).toEqual({ ok: false, retryAfterSeconds: 5 });
    expect(await rateLimit.hit("a", rule(1, 10_000), 9_000)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(await rateLimit.hit("a", rule(1, 10_000), 10_000)).toEqual({ ok: true });
  });

  it("never asks for less than a second", async () => {
    const { rateLimit } = await open();
    await rateLimit.hit("a", rule(1, 1000), 0);
    expect(await rateLimit.hit("a", rule(1, 1000), 999)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("deletes every hit older than the window on the next post, so no sender outlives their window", async () => {
    const { rateLimit } = await open();
    await rateLimit.hit("203.0.113.7", rule(1, 1000), 0);
    await rateLimit.hit("198.51.100.1", rule(1, 1000), 500);
    expect(await rateLimit.rememberedSenders()).toBe(2);
    await rateLimit.hit("192.0.2.1", rule(1, 1000), 1000);
    expect(await rateLimit.rememberedSenders()).toBe(2);
    await rateLimit.hit("192.0.2.1", rule(1, 1000), 1500);
    expect(await rateLimit.rememberedSenders()).toBe(1);
    await rateLimit.hit("192.0.2.2", rule(1, 1000), 10_000);
    expect(await rateLimit.rememberedSenders()).toBe(1);
  });

  it("writes no raw address, nor the network it counts, in any table", async () => {
    const store = await open();
    const senders = ["203.0.113.77", "2001:db8:77:1::5", "::ffff:198.51.100.23", "fe80::9%eth0", "not-an-address-4711"];
    for (const sender of senders) expect(await store.rateLimit.hit(sender, rule(5, 600_000), Date.now())).toEqual({ ok: true });
    expect(await store.rateLimit.rememberedSenders()).toBe(senders.length);
    const text = await everyStoredText(location);
    for (const needle of [...senders, "198.51.100.23", "2001:db8:77:1::/64", "fe80:0:0:0::/64", "2001:db8:77:1"])
      expect(text).not.toContain(needle);
  });

  it("two handles on one database (two instances) share one limit", async () => {
    const first = await open();
    const second = await stores.open(location);
    expect(await first.rateLimit.hit("203.0.113.7", rule(2, 60_000), 0)).toEqual({ ok: true });
    expect(await second.rateLimit.hit("203.0.113.7", rule(2, 60_000), 1000)).toEqual({ ok: true });
    expect(await first.rateLimit.hit("203.0.113.7", rule(2, 60_000), 2000)).toEqual({ ok: false, retryAfterSeconds: 58 });
    expect(await second.rateLimit.hit("203.0.113.7", rule(2, 60_000), 2000)).toEqual({ ok: false, retryAfterSeconds: 58 });
    // A new handle (a restart) does not reset it.
    const restarted = await stores.open(location);
    expect(await restarted.rateLimit.hit("203.0.113.7", rule(2, 60_000), 3000)).toMatchObject({ ok: false });
  });

  // Two handles in one process on one SQLite file would block each other (busy_timeout) where production has one per process: that case is two processes, below.
  it.skipIf(stores.kind === "sqlite")("30 posts at once from two handles in one process let exactly `limit` through", async () => {
    const first = await open();
    const second = await stores.open(location);
    const at = Date.now();
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).rateLimit.hit("2001:db8:5::1", rule(5, 600_000), at)),
    );
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(5);
    expect(await first.rateLimit.rememberedSenders()).toBe(1);
  });

  // Postgres: the in-process case above already races two connection pools.
  it.skipIf(stores.kind === "postgres")("30 posts at once from two processes let exactly `limit` through", async () => {
    const store = await open();
    const job = { kind: "hits", location, address: "2001:db8:6::1", count: 15, limit: 5, windowMs: 600_000, at: Date.now() } as const;
    const passed = await runWorkersTogether<number>([job, { ...job, address: "2001:db8:6::2" }]);
    expect(passed[0]! + passed[1]!).toBe(5);
    expect(await store.rateLimit.rememberedSenders()).toBe(1);
  });

  describe("counts networks, not addresses", () => {
    it.each<[string, string[]]>([
      [
        "six addresses of one IPv6 /64",
        ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2::3", "2001:db8:1:2::4", "2001:db8:1:2::5", "2001:db8:1:2::6"],
      ],
      [
        "one /64 spelled six ways",
        [
          "2001:db8:1:2::1",
          "2001:DB8:1:2::1",
          "2001:0db8:0001:0002::1",
          "2001:db8:1:2:0:0:0:1",
          "[2001:db8:1:2::1]:443",
          "2001:db8:1:2:ffff:ffff:ffff:ffff",
        ],
      ],
      [
        "an IPv4 address and its IPv4-mapped spellings",
        ["203.0.113.9", "::ffff:203.0.113.9", "::FFFF:cb00:7109", "203.0.113.9:4000", "0:0:0:0:0:ffff:203.0.113.9", "203.0.113.9"],
      ],
      ["link-local with zone ids", ["fe80::1%eth0", "fe80::2%eth0", "fe80::3%eth1", "fe80::4", "fe80::5%2", "fe80::6"]],
    ])("%s share one allowance of five", async (_name, addresses) => {
      const { rateLimit } = await open();
      const decisions = [];
      for (const address of addresses) decisions.push((await rateLimit.hit(address, rule(5, 600_000), 0)).ok);
      expect(decisions).toEqual([true, true, true, true, true, false]);
      expect(await rateLimit.rememberedSenders()).toBe(1);
    });

    it("gives each /64, and each IPv4 address, its own allowance", async () => {
      const { rateLimit } = await open();
      for (let i = 0; i < 5; i += 1) expect((await rateLimit.hit(`2001:db8:1:2::${i + 1}`, rule(5, 600_000), 0)).ok).toBe(true);
      expect((await rateLimit.hit("2001:db8:1:3::1", rule(5, 600_000), 0)).ok).toBe(true);
      for (let i = 0; i < 5; i += 1) expect((await rateLimit.hit("203.0.113.9", rule(5, 600_000), 0)).ok).toBe(true);
      expect((await rateLimit.hit("203.0.113.10", rule(5, 600_000), 0)).ok).toBe(true);
      expect(await rateLimit.rememberedSenders()).toBe(4);
    });

    it("counts an unparseable address as given, without a crash", async () => {
      const { rateLimit } = await open();
      for (let i = 0; i < 5; i += 1) expect((await rateLimit.hit("unknown", rule(5, 600_000), 0)).ok).toBe(true);
      expect((await rateLimit.hit("unknown", rule(5, 600_000), 0)).ok).toBe(false);
      expect((await rateLimit.hit("also unknown", rule(5, 600_000), 0)).ok).toBe(true);
    });
  });
});
