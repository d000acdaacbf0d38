import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_RETRY_MS } from "../../../src/contact/config";
import { deliverDue, LEASE_MS, retryDelay } from "../../../src/contact/delivery";
import { createSmtpMailer, type Mailer } from "../../../src/contact/mailer";
import { openMessageStore, type MessageStore, type NewMessage } from "../../../src/contact/message-store";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";

const TEXT = "Hallo Elena,\nwir überarbeiten die Haltestellenanzeigen — können wir reden?\r\nA line that is long enough to be wrapped by the transfer encoding, because mail lines stop at 76 characters.\n.\nA lone dot above must survive SMTP's end-of-data rule.";

function newMessage(overrides: Partial<NewMessage> = {}): NewMessage {
  return {
    uuid: randomUUID(),
    receivedAt: 1_700_000_000_000,
    recipient: "hello@elenavarga.design",
    replyTo: "femke@example.com",
    subject: "Contact form: Femke de Wit",
    fields: [
      { name: "name", label: "Your name", value: "Femke de Wit" },
      { name: "message", label: "Message", value: TEXT.replace(/\r\n/g, "\n") },
    ],
    ...overrides,
  };
}

let dir: string;
let smtp: LoopbackSmtp;
let mailer: Mailer;
const stores: MessageStore[] = [];
const open = () => {
  const store = openMessageStore(join(dir, "contact.sqlite"));
  stores.push(store);
  return store;
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-"));
  smtp = await startLoopbackSmtp();
  mailer = createSmtpMailer(smtp.url, undefined);
});

afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  mailer.close();
  await smtp.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("delivery through a real SMTP server", () => {
  it("sends a stored message with the visitor's text intact, then marks it delivered", async () => {
    const store = open();
    const stored = store.add(newMessage());
    const report = await deliverDue(store, mailer, { retryBaseMs: 1000, now: () => stored.receivedAt });

    expect(report).toEqual({ delivered: 1, failed: 0 });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["hello@elenavarga.design"]);
    expect(mail?.headers["reply-to"]).toBe("femke@example.com");
    expect(mail?.headers.subject).toBe("Contact form: Femke de Wit");
    expect(mail?.headers["message-id"]).toBe(`<${stored.uuid}@contact-form.invalid>`);
    expect(mail?.text).toContain(`Message:\n${TEXT.replace(/\r\n/g, "\n")}\n`);
    expect(mail?.text).toContain("Your name: Femke de Wit");
    expect(store.list()[0]).toMatchObject({ state: "delivered", attempts: 1, lastError: null, deliveredAt: stored.receivedAt });
  });

  it("keeps a message queued while SMTP is down, retries with backoff, and delivers once it is back", async () => {
    const store = open();
    let now = 1_700_000_000_000;
    store.add(newMessage({ receivedAt: now }));
    await smtp.stop();

    expect(await deliverDue(store, mailer, { retryBaseMs: 1000, now: () => now })).toEqual({ delivered: 0, failed: 1 });
    expect(store.list()[0]).toMatchObject({ state: "queued", attempts: 1, nextAttemptAt: now + 1000 });
    expect(store.list()[0]?.lastError).toMatch(/ECONNREFUSED/);

    // Not due yet: nothing is attempted.
    now += 999;
    expect(await deliverDue(store, mailer, { retryBaseMs: 1000, now: () => now })).toEqual({ delivered: 0, failed: 0 });
    now += 1;
    expect(await deliverDue(store, mailer, { retryBaseMs: 1000, now: () => now })).toEqual({ delivered: 0, failed: 1 });
    expect(store.list()[0]).toMatchObject({ attempts: 2, nextAttemptAt: now + 2000 });

    await smtp.start();
    now += 2000;
    expect(await deliverDue(store, mailer, { retryBaseMs: 1000, now: () => now })).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(store.list()[0]).toMatchObject({ state: "delivered", attempts: 3 });
  });

  it("keeps a message the server refuses (451) and delivers it when the server accepts again", async () => {
    const store = open();
    const now = 1_700_000_000_000;
    store.add(newMessage({ receivedAt: now }));
    smtp.refuse(true);
    expect(await deliverDue(store, mailer, { retryBaseMs: 10, now: () => now })).toEqual({ delivered: 0, failed: 1 });
    expect(store.list()[0]?.lastError).toMatch(/451/);
    smtp.refuse(false);
    expect(await deliverDue(store, mailer, { retryBaseMs: 10, now: () => now + 10 })).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps a message without a recipient queued with a reason, instead of dropping it", async () => {
    const store = open();
    store.add(newMessage({ recipient: null, receivedAt: 0 }));
    expect(await deliverDue(store, mailer, { retryBaseMs: 10, now: () => 0 })).toEqual({ delivered: 0, failed: 1 });
    expect(store.list()[0]).toMatchObject({ state: "queued", lastError: expect.stringMatching(/CONTACT_TO/) });
  });

  it("one failing message does not hold up the others", async () => {
    const store = open();
    store.add(newMessage({ recipient: null, receivedAt: 0 }));
    store.add(newMessage({ receivedAt: 1 }));
    expect(await deliverDue(store, mailer, { retryBaseMs: 10, now: () => 5 })).toEqual({ delivered: 1, failed: 1 });
  });
});

describe("nothing is lost across a restart or a crash", () => {
  it("a message stored by a process that died before sending is delivered by the next one", async () => {
    const first = open();
    first.add(newMessage({ receivedAt: 0 }));
    first.close(); // the process dies here: stored, never sent
    stores.splice(stores.indexOf(first), 1);

    const next = open();
    expect(next.list()).toHaveLength(1);
    expect(await deliverDue(next, mailer, { retryBaseMs: 10, now: () => 1 })).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a message leased by a process that died while sending is sent again once the lease runs out", async () => {
    const crashed = open();
    crashed.add(newMessage({ receivedAt: 0 }));
    expect(crashed.claimDue(0, 0, LEASE_MS)).not.toBeNull();
    crashed.close();
    stores.splice(stores.indexOf(crashed), 1);

    const next = open();
    expect(await deliverDue(next, mailer, { retryBaseMs: 10, now: () => LEASE_MS - 1 })).toEqual({ delivered: 0, failed: 0 });
    expect(await deliverDue(next, mailer, { retryBaseMs: 10, now: () => LEASE_MS })).toEqual({ delivered: 1, failed: 0 });
  });

  it("two processes on one database never claim the same message", () => {
    const server = open();
    const cli = open();
    server.add(newMessage({ receivedAt: 0 }));
    expect(server.claimDue(0, 0, LEASE_MS)).not.toBeNull();
    expect(cli.claimDue(0, 0, LEASE_MS)).toBeNull();
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
});
