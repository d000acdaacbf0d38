import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createDeliveryLoop, type DeliveryLoop } from "../../../src/contact/delivery-loop";
import { createSmtpMailer, type Mailer } from "../../../src/contact/mailer";
import { openMessageStore, type MessageStore } from "../../../src/contact/message-store";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";

let smtp: LoopbackSmtp;
let store: MessageStore;
let mailer: Mailer;
let loop: DeliveryLoop;

afterEach(async () => {
  loop.stop();
  mailer.close();
  store.close();
  await smtp.stop();
});

const add = () =>
  store.add({
    uuid: randomUUID(),
    receivedAt: Date.now(),
    recipient: "hello@elenavarga.design",
    replyTo: null,
    subject: "Contact form: Ann",
    fields: [{ name: "message", label: "Message", value: "Hello" }],
  });

describe("the server's delivery loop", () => {
  it("retries on its own, with backoff, until SMTP is back", async () => {
    smtp = await startLoopbackSmtp();
    store = openMessageStore(":memory:");
    mailer = createSmtpMailer(smtp.url, undefined);
    loop = createDeliveryLoop(store, mailer, 100);
    await smtp.stop();

    add();
    await loop.kick();
    expect(store.list()[0]).toMatchObject({ state: "queued", attempts: 1 });

    await smtp.start();
    await smtp.waitFor(1, 5000);
    await expect.poll(() => store.list()[0]?.state).toBe("delivered");
  });

  it("sends messages stored while a run is under way in the same or a following run", async () => {
    smtp = await startLoopbackSmtp();
    store = openMessageStore(":memory:");
    mailer = createSmtpMailer(smtp.url, undefined);
    loop = createDeliveryLoop(store, mailer, 100);
    add();
    const first = loop.kick();
    add();
    void loop.kick();
    await first;
    await smtp.waitFor(2, 5000);
    await expect.poll(() => store.list().map((message) => message.state)).toEqual(["delivered", "delivered"]);
  });
});
