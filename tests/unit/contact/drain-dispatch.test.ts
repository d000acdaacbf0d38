/**
 * Delivery that fits serverless, with the process's real contact runtime
 * (runtime.ts, from the environment) on both stores and a real SMTP server:
 * the drain's bearer check, drainQueue (what GET /api/contact/deliver does),
 * and dispatch in delivery mode "request": handed to the platform's
 * waitUntil when there is one, else awaited but never longer than
 * CONTACT_SEND_TIMEOUT_MS.
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendAfterStoring } from "../../../src/contact/server/dispatch";
import { bearerMatches, drainQueue } from "../../../src/contact/server/drain";
import { contactRuntime } from "../../../src/contact/server/runtime";
import type { StoreLocation } from "../../../src/contact/server/store/location";
import { beforeHangGuard, HANG_GUARD_MS } from "../../support/hang-guard";
import { startLoopbackSmtp, type LoopbackSmtp } from "../../support/loopback-smtp";
import { newMessage } from "./support/messages";
import { describeEachStore } from "./support/stores";

describe("bearerMatches: only exactly `Bearer <CRON_SECRET>`", () => {
  const SECRET = "c7f1-cron-secret";
  it.each<[string, string | undefined, string | undefined, boolean]>([
    ["the right secret", `Bearer ${SECRET}`, SECRET, true],
    ["a wrong secret", "Bearer not-the-secret", SECRET, false],
    ["no header", undefined, SECRET, false],
    ["an empty header", "", SECRET, false],
    ["no secret set, even for an empty one", "Bearer ", undefined, false],
    ["no secret set, for the word undefined", "Bearer undefined", undefined, false],
    ["an empty secret set", "Bearer ", "", false],
    ['"bearer" in lower case', `bearer ${SECRET}`, SECRET, false],
    ["two spaces", `Bearer  ${SECRET}`, SECRET, false],
    ["a trailing space", `Bearer ${SECRET} `, SECRET, false],
    ["a leading space", ` Bearer ${SECRET}`, SECRET, false],
    ["a prefix of the secret", `Bearer ${SECRET.slice(0, -1)}`, SECRET, false],
    ["the secret and more", `Bearer ${SECRET}x`, SECRET, false],
    ["the secret alone, no scheme", SECRET, SECRET, false],
    ["Basic with the secret", `Basic ${SECRET}`, SECRET, false],
  ])("%s → %s", (_name, header, secret, ok) => {
    expect(bearerMatches(header, secret)).toBe(ok);
  });
});

const REQUEST_CONTEXT = Symbol.for("@next/request-context");
let smtp: LoopbackSmtp;

beforeEach(async () => {
  smtp = await startLoopbackSmtp();
});

afterEach(async () => {
  await contactRuntime().close();
  delete (globalThis as { [key: symbol]: unknown })[REQUEST_CONTEXT];
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  smtp.release();
  await smtp.stop();
});

/** The process's runtime, as the environment of a deployment would make it. */
function runtimeFor(location: StoreLocation, env: Record<string, string>) {
  vi.stubEnv("CONTACT_DB", location.kind === "sqlite" ? location.path : location.url);
  vi.stubEnv("CONTACT_TO", "owner@example.com");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const runtime = contactRuntime();
  expect(runtime.config.store).toEqual(location);
  return runtime;
}

describeEachStore("drainQueue", (stores) => {
  it("sends every queued message (backoff skipped, leases respected) and reports what is still queued", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const runtime = runtimeFor(await stores.fresh(), { SMTP_URL: smtp.url, CRON_SECRET: "s" });
    const store = await runtime.store();
    const now = Date.now();
    await store.add(newMessage({ receivedAt: now - 3000, recipient: "owner@example.com" }));
    const refused = await store.add(newMessage({ receivedAt: now - 2000, recipient: "gone@example.com" }));
    const leased = await store.add(newMessage({ receivedAt: now - 1000 }));
    // Another sender holds this one (an instance sending it right now).
    expect(await store.claimById(leased.id, now, 60_000)).not.toBeNull();
    smtp.refuseRecipient("gone@example.com");

    expect(await drainQueue(runtime, () => now)).toEqual({ kind: "done", report: { delivered: 1, failed: 1 }, queued: 2 });
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(["owner@example.com"]);
    // The next scheduled run tries the failed one again at once (the schedule is the backoff); nothing is sent twice.
    expect(await drainQueue(runtime, () => now + 1000)).toEqual({ kind: "done", report: { delivered: 0, failed: 1 }, queued: 2 });
    smtp.refuseRecipient(null);
    expect(await drainQueue(runtime, () => now + 2000)).toEqual({ kind: "done", report: { delivered: 1, failed: 0 }, queued: 1 });
    expect((await store.list()).find((message) => message.id === refused.id)).toMatchObject({ state: "delivered", attempts: 3 });
    // The lease runs out: the next run sends it.
    expect(await drainQueue(runtime, () => now + 60_000)).toEqual({ kind: "done", report: { delivered: 1, failed: 0 }, queued: 0 });
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(["owner@example.com", "gone@example.com", "hello@elenavarga.design"]);
  });

  it("without SMTP_URL: no-smtp, and nothing is touched", async () => {
    const runtime = runtimeFor(await stores.fresh(), { SMTP_URL: "" });
    await (await runtime.store()).add(newMessage());
    expect(await drainQueue(runtime)).toEqual({ kind: "no-smtp" });
    expect(await (await runtime.store()).queuedCount()).toBe(1);
  });
});

/** An SMTP server that takes the connection and never says a word (nodemailer waits for the greeting). */
async function silentSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describeEachStore('dispatch in delivery mode "request"', (stores) => {
  it("with the platform's waitUntil: the send is handed to it, and the visitor is answered before SMTP answers", async () => {
    const runtime = runtimeFor(await stores.fresh(), { SMTP_URL: smtp.url, CONTACT_DELIVERY: "request" });
    const handed: Promise<unknown>[] = [];
    (globalThis as { [key: symbol]: unknown })[REQUEST_CONTEXT] = {
      get: () => ({ waitUntil: (promise: Promise<unknown>) => handed.push(promise) }),
    };
    const store = await runtime.store();
    const { id, uuid } = await store.add(newMessage({ receivedAt: Date.now() }));

    const held = smtp.hold();
    await sendAfterStoring(runtime, id);
    expect(handed).toHaveLength(1);
    await held; // the send is under way after the answer, and SMTP has not answered
    expect((await store.list())[0]).toMatchObject({ state: "queued" });
    smtp.release();
    await handed[0];
    expect((await store.list())[0]).toMatchObject({ state: "delivered", attempts: 1 });
    expect(smtp.received.map((mail) => mail.headers["message-id"])).toEqual([`<${uuid}@contact-form.invalid>`]);
  });

  it("without one: the visitor's answer waits for the send", async () => {
    const runtime = runtimeFor(await stores.fresh(), { SMTP_URL: smtp.url, CONTACT_DELIVERY: "request" });
    const store = await runtime.store();
    const { id } = await store.add(newMessage({ receivedAt: Date.now() }));
    await sendAfterStoring(runtime, id);
    expect((await store.list())[0]).toMatchObject({ state: "delivered" });
  });

  it("without one, against a server that never greets: the answer waits no longer than CONTACT_SEND_TIMEOUT_MS, and the message stays queued", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const silent = await silentSmtp();
    try {
      const runtime = runtimeFor(await stores.fresh(), {
        SMTP_URL: silent.url,
        CONTACT_DELIVERY: "request",
        CONTACT_SEND_TIMEOUT_MS: "500",
      });
      const store = await runtime.store();
      const { id } = await store.add(newMessage({ receivedAt: Date.now() }));
      const started = performance.now();
      // The server never greets, so the answer comes only because the send was cut at CONTACT_SEND_TIMEOUT_MS.
      await beforeHangGuard(sendAfterStoring(runtime, id), "the visitor's answer");
      // Not before the limit (a busy machine can only make the wait look longer).
      expect(performance.now() - started).toBeGreaterThanOrEqual(450);
      // The send gives up on its own (greeting timeout) and the message waits for the drain.
      await expect.poll(async () => (await store.list())[0]?.attempts, { timeout: HANG_GUARD_MS }).toBe(1);
      expect((await store.list())[0]).toMatchObject({ state: "queued", lastError: expect.stringMatching(/greeting|timeout/i) });
    } finally {
      await silent.close();
    }
  });
});
