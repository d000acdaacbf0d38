/** The server's background sender against both stores and a real SMTP server: it retries on its own and misses nothing stored during a run. */
import { afterEach, expect, it } from "vitest";
import { createDeliveryLoop, type DeliveryLoop } from "../../../src/contact/server/delivery-loop";
import { createSmtpMailer, type Mailer } from "../../../src/contact/server/mailer";
import type { MessageStore } from "../../../src/contact/server/store/message-store";
import { createUnrecordedDeliveries } from "../../../src/contact/server/unrecorded-deliveries";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";
import { newMessage } from "./support/messages";
import { describeEachStore } from "./support/stores";

let smtp: LoopbackSmtp;
let mailer: Mailer;
let loop: DeliveryLoop;

afterEach(async () => {
  loop.stop();
  mailer.close();
  await smtp.stop();
});

async function start(store: MessageStore) {
  smtp = await startLoopbackSmtp();
  mailer = createSmtpMailer(smtp.url, undefined, 2000);
  loop = createDeliveryLoop(store, mailer, { retryBaseMs: 100, sendTimeoutMs: 2000, unrecorded: createUnrecordedDeliveries() });
}

describeEachStore("the server's delivery loop", (stores) => {
  it("retries on its own, with backoff, until SMTP is back", async () => {
    const store = await stores.open(await stores.fresh());
    await start(store);
    await smtp.stop();

    await store.add(newMessage({ receivedAt: Date.now() }));
    await loop.kick();
    expect((await store.list())[0]).toMatchObject({ state: "queued", attempts: 1 });

    await smtp.start();
    await smtp.waitFor(1);
    await expect.poll(async () => (await store.list())[0]?.state).toBe("delivered");
    expect(smtp.received).toHaveLength(1);
  });

  it("sends messages stored while a run is under way in the same or a following run", async () => {
    const store = await stores.open(await stores.fresh());
    await start(store);
    await store.add(newMessage({ receivedAt: Date.now() }));
    const first = loop.kick();
    await store.add(newMessage({ receivedAt: Date.now() }));
    void loop.kick();
    await first;
    await smtp.waitFor(2);
    await expect.poll(async () => (await store.list()).map((message) => message.state)).toEqual(["delivered", "delivered"]);
  });
});
