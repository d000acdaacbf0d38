/**
 * deliverDue through a real SMTP server on loopback (tests/support/loopback-smtp.ts),
 * against both stores: what is mailed, what stays queued and why (SMTP down,
 * a refused message, a refused recipient, no recipient), the backoff, and
 * that nothing is lost or sent twice across restarts, crashes and handles.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_RETRY_MS } from "../../../src/contact/server/config";
import { deliverDue, leaseFor, retryDelay, type DeliveryOptions } from "../../../src/contact/server/delivery";
import { createSmtpMailer, type Mailer } from "../../../src/contact/server/mailer";
import { createUnrecordedDeliveries } from "../../../src/contact/server/unrecorded-deliveries";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";
import { newMessage } from "./support/messages";
import { describeEachStore } from "./support/stores";

const TEXT =
  "Hallo Elena,\nwir überarbeiten die Haltestellenanzeigen — können wir reden?\r\nA line that is long enough to be wrapped by the transfer encoding, because mail lines stop at 76 characters.\n.\nA lone dot above must survive SMTP's end-of-data rule.";
const SEND_TIMEOUT_MS = 2000;
const LEASE_MS = leaseFor(SEND_TIMEOUT_MS);

let smtp: LoopbackSmtp;
let mailer: Mailer;

beforeEach(async () => {
  smtp = await startLoopbackSmtp();
  mailer = createSmtpMailer(smtp.url, undefined, SEND_TIMEOUT_MS);
});

afterEach(async () => {
  mailer.close();
  await smtp.stop();
});

const at = (now: number, retryBaseMs = 1000): DeliveryOptions => ({
  retryBaseMs,
  sendTimeoutMs: SEND_TIMEOUT_MS,
  unrecorded: createUnrecordedDeliveries(),
  now: () => now,
});
const messageIds = () => smtp.received.map((mail) => mail.headers["message-id"]);

describeEachStore("delivery through a real SMTP server", (stores) => {
  it("sends a stored message with the visitor's text intact, then marks it delivered", async () => {
    const store = await stores.open(await stores.fresh());
    const stored = await store.add(
      newMessage({
        fields: [
          { name: "name", label: "Your name", value: "Femke de Wit" },
          { name: "message", label: "Message", value: TEXT.replace(/\r\n/g, "\n") },
        ],
      }),
    );
    expect(await deliverDue(store, mailer, at(stored.receivedAt))).toEqual({ delivered: 1, failed: 0 });

    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["hello@elenavarga.design"]);
    expect(mail?.headers["reply-to"]).toBe("femke@example.com");
    expect(mail?.headers.subject).toBe("Contact form: Femke de Wit");
    expect(mail?.headers["message-id"]).toBe(`<${stored.uuid}@contact-form.invalid>`);
    expect(mail?.text).toContain(`Message:\n${TEXT.replace(/\r\n/g, "\n")}\n`);
    expect(mail?.text).toContain("Your name: Femke de Wit");
    expect((await store.list())[0]).toMatchObject({ state: "delivered", attempts: 1, lastError: null, deliveredAt: stored.receivedAt });
    expect(await store.queuedCount()).toBe(0);
  });

  it("keeps a message queued while SMTP is down, retries with backoff, and delivers it once when it is back", async () => {
    const store = await stores.open(await stores.fresh());
    let now = 1_700_000_000_000;
    const stored = await store.add(newMessage({ receivedAt: now }));
    await smtp.stop();

    expect(await deliverDue(store, mailer, at(now))).toEqual({ delivered: 0, failed: 1 });
    expect((await store.list())[0]).toMatchObject({
      state: "queued",
      attempts: 1,
      nextAttemptAt: now + 1000,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(await store.nextDueAt()).toBe(now + 1000);

    // Not due yet: nothing is attempted.
    now += 999;
    expect(await deliverDue(store, mailer, at(now))).toEqual({ delivered: 0, failed: 0 });
    now += 1;
    expect(await deliverDue(store, mailer, at(now))).toEqual({ delivered: 0, failed: 1 });
    expect((await store.list())[0]).toMatchObject({ attempts: 2, nextAttemptAt: now + 2000 });

    await smtp.start();
    now += 2000;
    expect(await deliverDue(store, mailer, at(now))).toEqual({ delivered: 1, failed: 0 });
    expect(await deliverDue(store, mailer, at(now + 60_000))).toEqual({ delivered: 0, failed: 0 });
    expect(messageIds()).toEqual([`<${stored.uuid}@contact-form.invalid>`]);
    expect((await store.list())[0]).toMatchObject({ state: "delivered", attempts: 3, lastError: null });
    expect(await store.nextDueAt()).toBeNull();
  });

  it("keeps a message the server refuses (451) and delivers it when the server accepts again", async () => {
    const store = await stores.open(await stores.fresh());
    const now = 1_700_000_000_000;
    await store.add(newMessage({ receivedAt: now }));
    smtp.refuse(true);
    expect(await deliverDue(store, mailer, at(now, 10))).toEqual({ delivered: 0, failed: 1 });
    expect((await store.list())[0]?.lastError).toMatch(/451/);
    smtp.refuse(false);
    expect(await deliverDue(store, mailer, at(now + 10, 10))).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a recipient the server refuses: that message stays queued with the server's words, the others are delivered", async () => {
    const store = await stores.open(await stores.fresh());
    const now = 1_700_000_000_000;
    await store.add(newMessage({ receivedAt: now }));
    const refused = await store.add(newMessage({ receivedAt: now + 1, recipient: "gone@elenavarga.design" }));
    await store.add(newMessage({ receivedAt: now + 2 }));
    smtp.refuseRecipient("gone@elenavarga.design");

    expect(await deliverDue(store, mailer, at(now + 5))).toEqual({ delivered: 2, failed: 1 });
    const rows = await store.list();
    expect(rows.map((row) => row.state)).toEqual(["delivered", "queued", "delivered"]);
    expect(rows[1]).toMatchObject({ id: refused.id, attempts: 1, nextAttemptAt: now + 5 + 1000 });
    expect(rows[1]?.lastError).toContain("550");
    expect(rows[1]?.lastError).toContain("Recipient address rejected: User unknown");
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(["hello@elenavarga.design", "hello@elenavarga.design"]);
  });

  it("keeps a message without a recipient queued with a reason, instead of dropping it", async () => {
    const store = await stores.open(await stores.fresh());
    await store.add(newMessage({ recipient: null, receivedAt: 0 }));
    expect(await deliverDue(store, mailer, at(0, 10))).toEqual({ delivered: 0, failed: 1 });
    expect((await store.list())[0]).toMatchObject({ state: "queued", lastError: expect.stringMatching(/CONTACT_TO/) });
  });

  it("a message that fails in a run waits for its backoff, even when the backoff is shorter than the run", async () => {
    const store = await stores.open(await stores.fresh());
    await store.add(newMessage({ recipient: null, receivedAt: 0 }));
    await store.add(newMessage({ receivedAt: 1 }));
    let clock = 5;
    // The clock moves past the failed message's next attempt during the run: it is not tried again in it.
    const options = { ...at(5, 1), now: () => (clock += 10) };
    expect(await deliverDue(store, mailer, options)).toEqual({ delivered: 1, failed: 1 });
  });

  describe("nothing is lost or sent twice across restarts, crashes and instances", () => {
    it("a message stored by a process that died before sending is delivered by the next one", async () => {
      const location = await stores.fresh();
      const first = await stores.open(location);
      await first.add(newMessage({ receivedAt: 0 }));
      await first.close(); // the process dies here: stored, never sent
      stores.closed(first);

      const next = await stores.open(location);
      expect(await next.list()).toHaveLength(1);
      expect(await deliverDue(next, mailer, at(1, 10))).toEqual({ delivered: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    });

    it("a send killed before it was recorded: the lease runs out and another handle sends it again, with the same Message-ID", async () => {
      const location = await stores.fresh();
      const crashed = await stores.open(location);
      const stored = await crashed.add(newMessage({ receivedAt: 0 }));
      const claimed = await crashed.claimDue(0, 0, LEASE_MS);
      expect(claimed?.id).toBe(stored.id);
      await mailer.send(claimed!); // mailed, then killed before markDelivered
      await crashed.close();
      stores.closed(crashed);

      const other = await stores.open(location);
      expect(await other.nextDueAt()).toBe(LEASE_MS);
      expect(await deliverDue(other, mailer, at(LEASE_MS - 1, 10))).toEqual({ delivered: 0, failed: 0 });
      expect(await deliverDue(other, mailer, at(LEASE_MS, 10))).toEqual({ delivered: 1, failed: 0 });
      expect(messageIds()).toEqual([`<${stored.uuid}@contact-form.invalid>`, `<${stored.uuid}@contact-form.invalid>`]);
      expect((await other.list())[0]).toMatchObject({ state: "delivered", deliveredAt: LEASE_MS });
    });

    it("a message sent and recorded by one handle is not sent again by another", async () => {
      const location = await stores.fresh();
      const server = await stores.open(location);
      const cli = await stores.open(location);
      await server.add(newMessage({ receivedAt: 0 }));
      expect(await deliverDue(server, mailer, at(1, 10))).toEqual({ delivered: 1, failed: 0 });
      await cli.makeAllDue();
      expect(await deliverDue(cli, mailer, at(LEASE_MS * 2, 10))).toEqual({ delivered: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    });
  });
});

describe("retryDelay", () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [10, 512_000],
    [40, MAX_RETRY_MS],
  ])("after %i failed attempt(s) waits %i ms (base 1 s, capped at an hour)", (attempts, want) => {
    expect(retryDelay(attempts, 1000)).toBe(want);
  });

  it("a lease outlasts a whole send: three SMTP phases of the send timeout", () => {
    expect(leaseFor(15_000)).toBeGreaterThan(3 * 15_000);
  });
});
