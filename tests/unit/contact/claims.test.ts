/**
 * Claiming a message to send (store/message-store.ts): with several
 * handles (instances) on one store claiming at once, every queued message
 * is taken exactly once; a lease keeps the others off it until it runs
 * out; claimById never takes a message someone holds or that is delivered.
 */
import { expect, it } from "vitest";
import type { StoreLocation } from "../../../src/contact/server/store/location";
import type { MessageStore } from "../../../src/contact/server/store/message-store";
import { newMessage } from "./support/messages";
import { describeEachStore } from "./support/stores";
import { runWorkersTogether } from "./support/workers";

const LEASE_MS = 60_000;

async function queue(store: MessageStore, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await store.add(newMessage({ receivedAt: 1000 + i }))).id);
  return ids;
}

/** Claims until the store has nothing left for this handle; the ids it got. */
async function claimAll(store: MessageStore, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (let message = await store.claimDue(now, now, LEASE_MS); message; message = await store.claimDue(now, now, LEASE_MS))
    ids.push(message.id);
  return ids;
}

describeEachStore("claims", (stores) => {
  let location: StoreLocation;
  // One after the other: in production each process has one handle, and two
  // handles of one process opening one SQLite file together would block each
  // other on its write lock (the processes case below is the real race).
  const openFour = async () => {
    location = await stores.fresh();
    const handles: MessageStore[] = [];
    for (let i = 0; i < 4; i += 1) handles.push(await stores.open(location));
    return handles;
  };

  it("20 queued messages, 4 handles claiming at once: each message is claimed exactly once", async () => {
    const handles = await openFour();
    const ids = await queue(handles[0]!, 20);
    const claimed = await Promise.all(handles.map((handle) => claimAll(handle, 5000)));
    expect(claimed.flat().sort((a, b) => a - b)).toEqual(ids);
    if (stores.kind === "postgres") expect(claimed.filter((some) => some.length > 0).length).toBeGreaterThan(1);
    expect(await handles[0]!.claimDue(5000, 5000, LEASE_MS)).toBeNull();
  });

  // Postgres: the handles above already race four connection pools; one SQLite file needs processes to race.
  it.skipIf(stores.kind === "postgres")(
    "20 queued messages, 4 processes claiming at once: each message is claimed exactly once",
    async () => {
      const [store] = await openFour();
      const ids = await queue(store!, 20);
      const job = { kind: "claims", location, now: 5000, leaseMs: LEASE_MS } as const;
      const claimed = await runWorkersTogether<number[]>([job, job, job, job]);
      expect(claimed.flat().sort((a, b) => a - b)).toEqual(ids);
    },
  );

  it("the earliest due is claimed first, and nothing not yet due", async () => {
    const [store] = await openFour();
    const late = await store!.add(newMessage({ receivedAt: 9000 }));
    const early = await store!.add(newMessage({ receivedAt: 1000 }));
    expect((await store!.claimDue(5000, 5000, LEASE_MS))?.id).toBe(early.id);
    expect(await store!.claimDue(5000, 5000, LEASE_MS)).toBeNull();
    expect((await store!.claimDue(9000, 9000, LEASE_MS))?.id).toBe(late.id);
  });

  it("a lease keeps every handle off the message until it runs out", async () => {
    const [holder, other] = await openFour();
    const { id } = await holder!.add(newMessage({ receivedAt: 0 }));
    expect((await holder!.claimDue(0, 0, 1000))?.id).toBe(id);
    expect(await other!.claimDue(999, 999, 1000)).toBeNull();
    expect(await holder!.claimDue(999, 999, 1000)).toBeNull();
    expect(await other!.claimById(id, 999, 1000)).toBeNull();
    expect(await holder!.nextDueAt()).toBe(1000);
    const reclaimed = await other!.claimDue(1000, 1000, 1000);
    expect(reclaimed).toMatchObject({ id, state: "queued" });
    // Now the other handle holds it.
    expect(await holder!.claimDue(1500, 1500, 1000)).toBeNull();
  });

  it("claimById: a free queued message is taken; a leased, delivered or unknown one is null", async () => {
    const [store, other] = await openFour();
    const free = await store!.add(newMessage({ receivedAt: 0 }));
    const leased = await store!.add(newMessage({ receivedAt: 0 }));
    const delivered = await store!.add(newMessage({ receivedAt: 0 }));
    expect((await store!.claimById(leased.id, 0, LEASE_MS))?.id).toBe(leased.id);
    await store!.markDelivered(delivered.id, 10);

    expect(await other!.claimById(leased.id, 10, LEASE_MS)).toBeNull();
    expect(await other!.claimById(delivered.id, 10, LEASE_MS)).toBeNull();
    expect(await other!.claimById(delivered.id, 10 + 10 * LEASE_MS, LEASE_MS)).toBeNull();
    expect(await other!.claimById(9999, 10, LEASE_MS)).toBeNull();
    // Not yet due does not matter: the message just stored is sent at once.
    const later = await store!.add(newMessage({ receivedAt: 50_000 }));
    expect((await other!.claimById(later.id, 10, LEASE_MS))?.id).toBe(later.id);
    expect((await other!.claimById(free.id, 10, LEASE_MS))?.id).toBe(free.id);
    expect(await store!.claimById(free.id, 10, LEASE_MS)).toBeNull();
  });

  it("a failed send gives the message back at its next attempt; a delivered one is never claimed again", async () => {
    const [store] = await openFour();
    const { id } = await store!.add(newMessage({ receivedAt: 0 }));
    await store!.claimDue(0, 0, LEASE_MS);
    await store!.markFailed(id, "451 try later", 2000);
    expect(await store!.claimDue(1999, 1999, LEASE_MS)).toBeNull();
    expect(await store!.claimDue(2000, 2000, LEASE_MS)).toMatchObject({ id, attempts: 1, lastError: "451 try later" });
    await store!.markDelivered(id, 2100);
    expect(await store!.claimDue(10 ** 12, 10 ** 12, LEASE_MS)).toBeNull();
    expect(await store!.queuedCount()).toBe(0);
  });
});
