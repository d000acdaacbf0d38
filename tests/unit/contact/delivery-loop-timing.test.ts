/**
 * The delivery loop's sleep limits: it never spins (a message another
 * process holds a lease on is due but cannot be claimed: the loop waits at
 * least 250 ms between looks), never sleeps longer than a minute (another
 * process may have changed the queue), and stops for good when told. A real
 * SQLite store in memory; the clock and timers are vitest's fake ones, and
 * every look at the queue (claimDue) is counted.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDeliveryLoop, type DeliveryLoop } from "../../../src/contact/server/delivery-loop";
import { leaseFor } from "../../../src/contact/server/delivery";
import type { Mailer } from "../../../src/contact/server/mailer";
import { openMessageStore, type MessageStore, type StoredMessage } from "../../../src/contact/server/store/message-store";
import { createUnrecordedDeliveries } from "../../../src/contact/server/unrecorded-deliveries";

const SEND_TIMEOUT_MS = 1000;
const LEASE_MS = leaseFor(SEND_TIMEOUT_MS);

let store: MessageStore;
let looks: number;
let sent: StoredMessage[];
let loop: DeliveryLoop;
/** Resolves the send under way, when `holdSends` is set. */
let releaseSend: (() => void) | undefined;
let holdSends: boolean;

/** The store, with each claimDue (one look at the queue) counted. */
function counted(real: MessageStore): MessageStore {
  return {
    ...real,
    claimDue(dueBy: number, now: number, leaseMs: number) {
      looks += 1;
      return real.claimDue(dueBy, now, leaseMs);
    },
  };
}

const mailer: Mailer = {
  async send(message) {
    if (holdSends) await new Promise<void>((resolve) => (releaseSend = resolve));
    sent.push(message);
  },
  close() {},
};

function add(receivedAt = Date.now()) {
  return store.add({
    uuid: randomUUID(),
    receivedAt,
    recipient: "hello@elenavarga.design",
    replyTo: null,
    subject: "Contact form: Ann",
    fields: [{ name: "message", label: "Message", value: "Hello" }],
  });
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  store = await openMessageStore({ kind: "sqlite", path: ":memory:" });
  looks = 0;
  sent = [];
  holdSends = false;
  releaseSend = undefined;
  loop = createDeliveryLoop(counted(store), mailer, {
    retryBaseMs: 1000,
    sendTimeoutMs: SEND_TIMEOUT_MS,
    unrecorded: createUnrecordedDeliveries(),
  });
});

afterEach(async () => {
  loop.stop();
  await store.close();
  vi.useRealTimers();
});

describe("never spins", () => {
  it("a message leased by another process: the next look is when the lease ends, and then it is sent", async () => {
    await add();
    // Another process claimed it, holds the lease for LEASE_MS, and dies.
    expect(await store.claimDue(Date.now(), Date.now(), LEASE_MS)).not.toBeNull();
    await loop.kick();
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(LEASE_MS - 1);
    expect(looks).toBe(1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(sent).toHaveLength(1);
  });

  it("a due message another instance keeps taking first: a look every 250 ms, not thousands", async () => {
    await add();
    // Due by nextDueAt, but every claim loses the race (another instance's clock, or its claim in between).
    const losing: MessageStore = { ...store, claimDue: async () => ((looks += 1), null) };
    loop.stop();
    loop = createDeliveryLoop(losing, mailer, {
      retryBaseMs: 1000,
      sendTimeoutMs: SEND_TIMEOUT_MS,
      unrecorded: createUnrecordedDeliveries(),
    });
    await loop.kick();
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(looks).toBe(6);
  });
});

describe("never sleeps longer than a minute", () => {
  it("a message due in two hours: the loop looks again after 60 s", async () => {
    await add(Date.now() + 2 * 60 * 60_000);
    await loop.kick();
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toBe(2);
  });

  it("a message due in ten seconds: sent at ten seconds", async () => {
    await add(Date.now() + 10_000);
    await loop.kick();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
  });

  it("an empty queue: no timer at all", async () => {
    await loop.kick();
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(looks).toBe(1);
  });
});

describe("stop", () => {
  it("cancels the next look", async () => {
    await add(Date.now() + 10_000);
    await loop.kick();
    loop.stop();
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(looks).toBe(1);
    expect(sent).toHaveLength(0);
  });

  it("a run under way when stopped finishes its message and schedules nothing after it", async () => {
    await add();
    await add(Date.now() + 10_000);
    holdSends = true;
    const run = loop.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(releaseSend).toBeDefined();
    loop.stop();
    holdSends = false;
    releaseSend!();
    await run;
    expect(sent).toHaveLength(1);
    // The second message falls due at ten seconds; a stopped loop never looks again.
    const looksAtStop = looks;
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(sent).toHaveLength(1);
    expect(looks).toBe(looksAtStop);
  });
});

describe("one run at a time", () => {
  it("a kick during a run joins it, and the run looks once more before it ends", async () => {
    await add();
    holdSends = true;
    const first = loop.kick();
    await vi.advanceTimersByTimeAsync(0);
    const second = loop.kick();
    expect(second).toBe(first);
    holdSends = false;
    releaseSend!();
    await first;
    expect(sent).toHaveLength(1);
    // The first run's own second look (nothing due), then one more because of the kick.
    expect(looks).toBe(3);
  });
});
