/**
 * Contact messages across instances (issue 21), end to end: two `next start`
 * processes of the production build share one store, first a real
 * PostgreSQL cluster, then a SQLite file, with a real SMTP server on loopback
 * that goes down, hangs and comes back.
 *
 * - A is a long-lived server: delivery mode "background" (its own loop sends
 *   and retries), no CRON_SECRET.
 * - B is set up as a serverless function is: delivery mode "request" (it
 *   sends within the request and has no loop), and the scheduled drain
 *   GET /api/contact/deliver, guarded by CRON_SECRET.
 *
 * Every post carries an X-Forwarded-For address of its own (CONTACT_TRUST_PROXY=1:
 * one proxy in front), so only the rate-limit test meets the limit. Every mail
 * is counted by its Message-ID, which is made from the stored message's uuid:
 * a message mailed twice shows there.
 *
 * The servers are started once per store and the scenarios run in order on
 * them; desktop project only, as nothing here depends on the viewport.
 * (contact-db-refused.spec.ts: a CONTACT_DB that cannot work stops the start.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import type { StoredMessage } from "../../src/contact/server/store/message-store";
import { startLoopbackSmtp, type LoopbackSmtp } from "../support/loopback-smtp";
import { startNextServer, type NextServer } from "../support/next-server";
import { NO_POSTGRES, postgresBinaries, startLocalPostgres, type LocalPostgres } from "../support/postgres";
import { gotoContactForm } from "./support/hydrated";
import { listWithCli } from "./support/messages-cli";
import { expectSecurityHeaders } from "./support/security-headers";
import { listenSilently } from "./support/silent-smtp";
import { HANG_GUARD_MS } from "../support/hang-guard";
import { storedMessages } from "./support/stored-messages";

const ONE_PROJECT = "server behaviour across processes: the desktop project runs it once";
const CRON_SECRET = "e2e-drain-secret-5d1c7f0e9a";
/** Put into the Postgres URL: trust authentication ignores it, and no output may show it. */
const DB_PASSWORD = "pw-never-logged-8e2b";
/** Each SMTP phase may take 1 s, so a claimed message is leased for 4 s. */
const SEND_TIMEOUT_MS = 1000;
const LEASE_MS = 4 * SEND_TIMEOUT_MS;
const RATE_LIMIT = 3;

const textOf = (message: StoredMessage) => message.fields.find((field) => field.name === "message")?.value;

let addresses = 0;
/** A client address of its own (TEST-NET-3) for each post that is not about the rate limit. */
const freshAddress = () => `203.0.113.${(addresses = (addresses % 250) + 1)}`;

for (const kind of ["postgres", "sqlite"] as const) {
  test.describe(`two instances sharing one ${kind === "postgres" ? "PostgreSQL database" : "SQLite file"}`, () => {
    // In order on one pair of servers (each test counts its own messages); a failed test restarts the worker, and
    // the next one still runs, on servers and a store started afresh. The other store's tests may run beside them.
    test.describe.configure({ mode: "default" });
    let postgres: LocalPostgres | undefined;
    let temp: string | undefined;
    let contactDb: string;
    let smtp: LoopbackSmtp;
    let a: NextServer;
    let b: NextServer;

    test.beforeAll(async ({}, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", ONE_PROJECT);
      test.skip(kind === "postgres" && postgresBinaries() === null, NO_POSTGRES);
      test.setTimeout(120_000);
      smtp = await startLoopbackSmtp();
      if (kind === "postgres") {
        postgres = await startLocalPostgres();
        const url = new URL(await postgres.createDatabase());
        url.password = DB_PASSWORD;
        contactDb = url.toString();
      } else {
        temp = mkdtempSync(join(tmpdir(), "contact-instances-"));
        contactDb = join(temp, "contact.sqlite");
      }
      const shared = {
        CONTACT_DB: contactDb,
        SMTP_URL: smtp.url,
        CONTACT_RETRY_MS: "200",
        CONTACT_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
        CONTACT_RATE_LIMIT: `${RATE_LIMIT}/600`,
        CONTACT_TRUST_PROXY: "1",
      };
      [a, b] = await Promise.all([
        startNextServer({ env: { ...shared, CONTACT_DELIVERY: "background" } }),
        // B's failures wait ten minutes for a retry, so only the drain (which ignores backoff) sends them, even when
        // A's loop runs late: its first run may still be under way when the first post arrives.
        startNextServer({ env: { ...shared, CONTACT_DELIVERY: "request", CRON_SECRET, CONTACT_RETRY_MS: "600000" } }),
      ]);
    });

    test.afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await smtp?.stop();
      await postgres?.stop();
      if (temp) rmSync(temp, { recursive: true, force: true });
    });

    const stored = () => storedMessages(contactDb);
    /** The stored message with each text; each must be stored exactly once. */
    async function storedByTexts(texts: readonly string[]): Promise<StoredMessage[]> {
      const all = await stored();
      return texts.map((text) => {
        const found = all.filter((message) => textOf(message) === text);
        expect(found, `stored once: ${text}`).toHaveLength(1);
        return found[0] as StoredMessage;
      });
    }
    const storedByText = async (text: string) => (await storedByTexts([text]))[0] as StoredMessage;
    /** How many mails the SMTP server accepted for this stored message. */
    const mailsOf = (message: StoredMessage) =>
      smtp.received.filter((mail) => mail.headers["message-id"] === `<${message.uuid}@contact-form.invalid>`).length;

    // The form asks for at least 20 characters of message.
    const post = (request: APIRequestContext, server: NextServer, text: string, address = freshAddress()) =>
      request.post(`${server.url}/api/contact`, {
        data: { name: "Femke de Wit", email: "femke@example.com", message: text, consent: true },
        headers: { "x-forwarded-for": address },
      });
    const drain = (
      request: APIRequestContext,
      server: NextServer,
      headers: Record<string, string> = { authorization: `Bearer ${CRON_SECRET}` },
      method = "GET",
    ) => request.fetch(`${server.url}/api/contact/deliver`, { method, headers });
    async function drained(request: APIRequestContext): Promise<{ delivered: number; failed: number; queued: number }> {
      const response = await drain(request, b);
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { delivered: number; failed: number; queued: number };
    }

    // First, while A's loop has never run with anything queued: nobody but the drain sends B's failed message.
    test("the drain refuses a missing, wrong or partial secret, and every call where CRON_SECRET is unset: 401, nothing sent", async ({
      request,
    }) => {
      await smtp.stop();
      const text = `Stored while SMTP was down, for the drain [${kind}]`;
      expect((await post(request, b, text)).status()).toBe(200);
      // B sends within the request: its attempt failed before it answered, and the message is kept.
      const queued = await storedByText(text);
      expect(queued).toMatchObject({ state: "queued", attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
      await smtp.start();
      const mailsBefore = smtp.received.length;

      const refusals: [string, NextServer, Record<string, string>, string][] = [
        ["no Authorization", b, {}, "GET"],
        ["no Authorization, POST", b, {}, "POST"],
        ["a wrong secret", b, { authorization: "Bearer not-the-secret" }, "GET"],
        ["a prefix of the secret", b, { authorization: `Bearer ${CRON_SECRET.slice(0, -1)}` }, "GET"],
        ["the secret and more", b, { authorization: `Bearer ${CRON_SECRET}x` }, "GET"],
        ["the secret without Bearer", b, { authorization: CRON_SECRET }, "GET"],
        ["the secret as Basic credentials", b, { authorization: `Basic ${Buffer.from(`cron:${CRON_SECRET}`).toString("base64")}` }, "POST"],
        ["the secret, on a server without CRON_SECRET", a, { authorization: `Bearer ${CRON_SECRET}` }, "GET"],
        ["an empty Bearer, on a server without CRON_SECRET", a, { authorization: "Bearer " }, "GET"],
      ];
      for (const [label, server, headers, method] of refusals) {
        const response = await drain(request, server, headers, method);
        expect(response.status(), label).toBe(401);
        expect(response.headers()["www-authenticate"], label).toMatch(/^Bearer /);
        expectSecurityHeaders(response, label);
        expect(await response.text(), label).not.toContain(CRON_SECRET);
      }
      // Nothing sent, nothing even claimed: the message is as B left it.
      expect(smtp.received).toHaveLength(mailsBefore);
      expect(await storedByText(text)).toMatchObject({ state: "queued", attempts: 1 });

      // The same message and SMTP server, with the secret: it goes (the drain does not wait for B's backoff).
      await expect.poll(async () => (await drained(request)).delivered, { intervals: [250] }).toBe(1);
      const answer = await drain(request, b);
      expectSecurityHeaders(answer, "drain 200");
      expect(await answer.json()).toEqual({ ok: true, delivered: 0, failed: 0, queued: 0 });
      expect(mailsOf(queued)).toBe(1);
      expect(await storedByText(text)).toMatchObject({ state: "delivered", attempts: 2 });
    });

    test("messages posted to both instances are in one `portfolio messages list`, each mailed once", async ({ request }) => {
      const posts = [
        [a, `First message, to A [${kind}]`],
        [b, `First message, to B [${kind}]`],
        [a, `Second message, to A [${kind}]`],
        [b, `Second message, to B [${kind}]`],
      ] as const;
      for (const [server, text] of posts) expect((await post(request, server, text)).status(), text).toBe(200);

      const listed = await listWithCli(contactDb);
      for (const [, text] of posts)
        expect(
          listed.filter((message) => textOf(message) === text),
          text,
        ).toHaveLength(1);
      expect(listed.map((message) => message.id)).toEqual((await stored()).map((message) => message.id));
      // A's loop sends its own at once; B sent its own before answering.
      const texts = posts.map(([, text]) => text);
      await expect.poll(async () => (await storedByTexts(texts)).every((message) => message.state === "delivered")).toBe(true);
      for (const message of await storedByTexts(texts)) expect(mailsOf(message), textOf(message)).toBe(1);
    });

    test("with SMTP down both instances keep and queue their messages, and each is mailed exactly once when it is back", async ({
      request,
    }) => {
      test.setTimeout(60_000);
      await smtp.stop();
      const texts = [
        `SMTP down, first to A [${kind}]`,
        `SMTP down, first to B [${kind}]`,
        `SMTP down, second to A [${kind}]`,
        `SMTP down, second to B [${kind}]`,
      ];
      for (const [index, text] of texts.entries()) expect((await post(request, index % 2 === 0 ? a : b, text)).status(), text).toBe(200);
      const messages = () => storedByTexts(texts);
      // B tried before answering, A's loop right after: each has failed once and is kept.
      await expect.poll(async () => (await messages()).every((message) => message.state === "queued" && message.attempts > 0)).toBe(true);
      const mailsBefore = smtp.received.length;

      await smtp.start();
      // A's loop retries by itself while B's drain is called again and again: both compete for every message.
      let byDrain = 0;
      await expect
        .poll(
          async () => {
            byDrain += (await drained(request)).delivered;
            return (await messages()).every((message) => message.state === "delivered");
          },
          { intervals: [100] },
        )
        .toBe(true);
      // A message claimed twice would arrive a second time within one send's timeout.
      await new Promise((resolve) => setTimeout(resolve, SEND_TIMEOUT_MS));
      for (const message of await messages()) expect(mailsOf(message), textOf(message)).toBe(1);
      expect(smtp.received).toHaveLength(mailsBefore + texts.length);
      test.info().annotations.push({ type: "delivered", description: `${byDrain} by B's drain, ${texts.length - byDrain} by A's loop` });
    });

    test("the rate limit holds across the instances: a sender's fourth post is refused by either, another sender is not", async ({
      request,
    }) => {
      const sender = "198.51.100.23";
      const before = (await stored()).length;
      for (const [index, server] of [a, b, a].entries())
        expect((await post(request, server, `Within the limit ${index} [${kind}]`, sender)).status()).toBe(200);
      for (const [label, server] of [
        ["B", b],
        ["A", a],
      ] as const) {
        const limited = await post(request, server, `Over the limit [${kind}]`, sender);
        expect(limited.status(), label).toBe(429);
        expect(Number(limited.headers()["retry-after"]), label).toBeGreaterThan(500);
        expectSecurityHeaders(limited, `429 from ${label}`);
      }
      // The proxy's own entry is the last one: what a client writes before it changes nothing.
      const spoofed = await post(request, b, `Over the limit [${kind}]`, `192.0.2.1, ${sender}`);
      expect(spoofed.status()).toBe(429);
      expect((await post(request, b, `Another sender [${kind}]`, "198.51.100.24")).status()).toBe(200);
      expect((await stored()).length).toBe(before + RATE_LIMIT + 1);
      expect((await stored()).filter((message) => textOf(message) === `Over the limit [${kind}]`)).toHaveLength(0);
    });

    test("the database unreachable at post time: 503 with Retry-After, the text stays in the form, and the same press succeeds once it is back", async ({
      sharedPage: page,
      request,
    }) => {
      test.skip(kind !== "postgres", "a SQLite file on the server's own disk does not go away");
      test.setTimeout(60_000);
      const text = `Written while the database was away [${kind}]`;
      const form = await gotoContactForm(page, `${a.url}/#contact`);
      await form.getByLabel(/^Your name/).fill("Femke de Wit");
      await form.getByLabel(/^Email/).fill("femke@example.com");
      await form.getByLabel(/^Message/).fill(text);
      await form.getByLabel(/^Consent to store this message/).check();
      const send = form.getByRole("button", { name: "Send message" });

      await postgres?.pause();
      try {
        for (const [label, server] of [
          ["A", a],
          ["B", b],
        ] as const) {
          const response = await post(request, server, `Posted as JSON while the database was away [${label}]`);
          expect(response.status(), label).toBe(503);
          expect(response.headers()["retry-after"], label).toMatch(/^[1-9]\d*$/);
          expectSecurityHeaders(response, `503 from ${label}`);
        }
        const refused = page.waitForResponse((response) => response.url() === `${a.url}/api/contact`);
        await send.click();
        expect((await refused).status()).toBe(503);
        await expect(form.getByRole("status")).toHaveText(/could not be sent/);
        await expect(form.getByLabel(/^Message/)).toHaveValue(text);
        await expect(form.getByLabel(/^Email/)).toHaveValue("femke@example.com");
      } finally {
        await postgres?.resume();
      }

      const accepted = page.waitForResponse((response) => response.url() === `${a.url}/api/contact`);
      await send.click();
      expect((await accepted).status()).toBe(200);
      await expect(form.getByRole("status")).toHaveText(/thank you/i);
      const message = await storedByText(text);
      expect((await stored()).filter((stored) => textOf(stored)?.startsWith("Posted as JSON while the database was away"))).toHaveLength(0);
      await expect.poll(() => mailsOf(message)).toBe(1);
    });

    // Last: A does not come back.
    test("a process killed mid-send: its message waits out the lease, then the drain on the other instance mails it once", async ({
      request,
    }) => {
      test.setTimeout(60_000);
      const text = `Stored by A, which was killed while sending it [${kind}]`;
      // A mail server that accepts and then hangs: A's send is under way, the message leased, when A is killed.
      await smtp.stop();
      const silent = await listenSilently(smtp.port);
      const postedAt = Date.now();
      try {
        expect((await post(request, a, text)).status()).toBe(200);
        await expect.poll(() => silent.connections(), { intervals: [20] }).toBeGreaterThan(0);
        await a.crash();
      } finally {
        await silent.close();
      }
      await smtp.start();
      const left = await storedByText(text);
      // Killed before it could write anything: queued, no attempt counted.
      expect(left).toMatchObject({ state: "queued", attempts: 0 });

      const first = await drained(request);
      // Asked before the lease can have run out (it began after the post), the drain must leave the message alone.
      if (Date.now() < postedAt + LEASE_MS)
        expect(first, "the killed sender's lease still holds").toMatchObject({ delivered: 0, queued: 1 });
      let delivered = first.delivered;
      await expect
        .poll(async () => (delivered += (await drained(request)).delivered), { timeout: LEASE_MS + HANG_GUARD_MS, intervals: [250] })
        .toBe(1);
      const sent = await storedByText(text);
      expect(sent).toMatchObject({ state: "delivered", attempts: 1 });
      expect(sent.deliveredAt).toBeGreaterThanOrEqual(postedAt + LEASE_MS);
      expect(mailsOf(sent)).toBe(1);
    });

    test("each server said once, at start, where messages are stored and how they are sent, and never the database password", () => {
      const where = kind === "postgres" ? `Postgres ${contactDb.replace(`:${DB_PASSWORD}@`, ":***@")}` : `SQLite file ${contactDb}`;
      const smtpHost = `127.0.0.1:${smtp.port}`;
      for (const [label, server, delivery] of [
        ["A", a, `mailed through ${smtpHost} by this server's background loop`],
        ["B", b, `mailed through ${smtpHost} within each request`],
      ] as const) {
        const output = server.output();
        const lines = output.split("\n").filter((line) => line.includes("contact: messages are stored in"));
        expect(lines, `${label}:\n${output}`).toHaveLength(1);
        expect(lines[0], label).toContain(`contact: messages are stored in ${where}; ${delivery}`);
        expect(output, label).not.toContain(DB_PASSWORD);
      }
    });
  });
}
