import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { startLoopbackSmtp, type LoopbackSmtp } from "../support/loopback-smtp";
import { startNextServer, type NextServer } from "../support/next-server";
import { gotoContactForm } from "./support/hydrated";
import { storedMessages } from "./support/stored-messages";

/**
 * The contact form end to end: Chromium, `next start` of the production
 * build with its own SQLite file, and a real SMTP server on loopback that
 * goes down and comes back. Each test has its own database, SMTP server and
 * site, so each behaviour is checked on its own and a failure costs one
 * test. On the desktop project only (the phone layout is the same form;
 * contact.spec.ts covers both).
 */
test.describe.configure({ mode: "default" });

const OWNER = "hello@elenavarga.design"; // the email link in content/stories/site.json
/** Per sender in 600 s, kept in the store: the last test proves it outlives a restart. */
const RATE_LIMIT = 7;
let temp: string;
let db: string;
let smtp: LoopbackSmtp;
let server: NextServer;

// A send may take 2 s per SMTP phase, so a message a killed server was sending is free again 8 s later (its lease).
const start = () =>
  startNextServer({
    env: {
      CONTACT_DB: db,
      SMTP_URL: smtp.url,
      CONTACT_RETRY_MS: "200",
      CONTACT_SEND_TIMEOUT_MS: "2000",
      CONTACT_RATE_LIMIT: `${RATE_LIMIT}/600`,
    },
  });

const stored = () => storedMessages(db);

async function fillForm(page: Page, message: string) {
  const form = page.locator("#contact form");
  await form.getByLabel(/^Your name/).fill("Femke de Wit");
  await form.getByLabel(/^Email/).fill("femke@example.com");
  await form.getByLabel(/^Message/).fill(message);
  await form.getByLabel(/^Consent to store this message/).check();
  return form;
}

test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one run of the delivery tests is enough");
  temp = mkdtempSync(join(tmpdir(), "contact-e2e-"));
  db = join(temp, "contact.sqlite");
  smtp = await startLoopbackSmtp();
  server = await start();
});

test.afterEach(async () => {
  await server?.stop();
  await smtp?.stop();
  if (temp) rmSync(temp, { recursive: true, force: true });
});

test("a message sent with the form reaches the SMTP server with the visitor's text intact", async ({ sharedPage: page }) => {
  const text = "Hallo Elena,\nwir überarbeiten die Anzeigen — können wir reden?\n<b>Not markup</b> & 100 % plain.";
  // The form's own code loads once it is in view; the no-JavaScript post has its own test below.
  await gotoContactForm(page, `${server.url}/#contact`);
  const form = await fillForm(page, text);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText(/thank you! your message has been received/i);
  // What the visitor typed stays in the form.
  await expect(form.getByLabel(/^Message/)).toHaveValue(text);

  const [mail] = await smtp.waitFor(1);
  expect(mail?.to).toEqual([OWNER]);
  expect(mail?.headers["reply-to"]).toBe("femke@example.com");
  expect(mail?.headers.subject).toBe("Contact form: Femke de Wit");
  expect(mail?.text).toContain(`Message:\n${text}\n`);
  expect(mail?.text).toContain("Consent to store this message: yes");
  // The SMTP server has the message a moment before the sender records the delivery.
  await expect.poll(async () => (await stored()).map((message) => message.state)).toEqual(["delivered"]);
});

test("without JavaScript the form posts, shows the same messages with what was typed, then the thanks", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/#contact`);
  let form = page.locator("#contact form");
  await form.getByLabel(/^Your name/).fill("Femke de Wit");
  await form.getByLabel(/^Email/).fill("femke@");
  const answer = page.waitForResponse(
    (response) => response.url().startsWith(`${server.url}/contact`) && response.request().method() === "POST",
  );
  await form.getByRole("button", { name: "Send message" }).click();
  expect((await answer).status()).toBe(422);

  form = page.locator("#contact form");
  await expect(form.getByRole("status")).toHaveText("Sorry, not all fields are filled out correctly.");
  await expect(form.getByLabel(/^Your name/)).toHaveValue("Femke de Wit");
  await expect(form.getByLabel(/^Email/)).toHaveValue("femke@");
  await expect(form.getByLabel(/^Email/)).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByText("Message is required.", { exact: true })).toBeVisible();
  await expect(form.getByText("Consent to store this message is required.")).toBeVisible();

  await form.getByLabel(/^Email/).fill("femke@example.com");
  await form.getByLabel(/^Message/).fill("Two lines,\nposted as a plain form.");
  await form.getByLabel(/^Consent to store this message/).check();
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1#contact$/);
  await expect(page.locator("#contact form").getByRole("status")).toHaveText(/thank you/i);
  const [mail] = await smtp.waitFor(1);
  expect(mail?.text).toContain("Message:\nTwo lines,\nposted as a plain form.\n");
  await context.close();
});

test("SMTP down: the message is stored, the visitor thanked, and it is delivered once SMTP is back", async ({ sharedPage: page }) => {
  await smtp.stop();
  await gotoContactForm(page, `${server.url}/#contact`);
  const form = await fillForm(page, "Sent while the mail server was down; it must still arrive.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText(/thank you/i);
  await expect.poll(async () => (await stored()).at(-1)?.attempts).toBeGreaterThan(0);
  expect((await stored()).at(-1)).toMatchObject({ state: "queued", lastError: expect.stringMatching(/ECONNREFUSED/) });
  expect(smtp.received).toHaveLength(0);

  await smtp.start();
  const [mail] = await smtp.waitFor(1);
  expect(mail?.text).toContain("Sent while the mail server was down; it must still arrive.");
  await expect.poll(async () => (await stored()).at(-1)?.state).toBe("delivered");
});

test("a message stored before a crash is delivered by the restarted server", async ({ request }) => {
  await smtp.stop();
  const response = await request.post(`${server.url}/api/contact`, {
    data: { name: "Femke de Wit", email: "femke@example.com", message: "Stored, then the server died before it was sent.", consent: true },
  });
  expect(response.status()).toBe(200);
  // The post answers before its send is tried, and killed mid-send the message stays leased
  // (4 × CONTACT_SEND_TIMEOUT_MS): crash between the failed attempt and the retry 200 ms later.
  await expect.poll(async () => (await stored()).at(-1)?.attempts, { intervals: [50] }).toBeGreaterThan(0);
  await server.crash();
  expect((await stored()).at(-1)).toMatchObject({ state: "queued" });

  await smtp.start();
  // Nobody posts to the new process: it sends the backlog because it started.
  server = await start();
  const [mail] = await smtp.waitFor(1);
  expect(mail?.text).toContain("Stored, then the server died before it was sent.");
  // The mail arrives before the server records it as delivered.
  await expect.poll(async () => (await stored()).map((message) => message.state)).toEqual(["delivered"]);
});

test("a filled honeypot is thanked but not stored, and the sender's limit, kept in the store, outlives the restart", async ({
  request,
}) => {
  const valid = { name: "Femke de Wit", email: "femke@example.com", message: "Checking the rate limit of the form.", consent: true };
  // Three messages from this machine to the server that is then restarted.
  for (let sent = 0; sent < 3; sent += 1) {
    expect((await request.post(`${server.url}/api/contact`, { data: valid })).status()).toBe(200);
  }
  await server.stop();
  server = await start();
  const before = (await stored()).length;
  expect(before).toBe(3);
  const bot = await request.post(`${server.url}/api/contact`, { data: { ...valid, contact_website: "https://spam.example" } });
  expect(bot.status()).toBe(200);
  expect(await stored()).toHaveLength(before);

  // A limiter in the process would have forgotten the posts before the restart; the honeypot post counted as one.
  const left = RATE_LIMIT - before - 1;
  for (let sent = 0; sent < left; sent += 1) {
    expect((await request.post(`${server.url}/api/contact`, { form: { ...valid, consent: "yes" } })).status()).toBe(200);
  }
  const limited = await request.post(`${server.url}/api/contact`, { data: valid });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(500);
  expect(await stored()).toHaveLength(before + left);
});
