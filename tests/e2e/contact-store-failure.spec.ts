import { expect, test } from "./support/shared-page";
import { startNextServer, type NextServer } from "../support/next-server";
import { gotoContactForm } from "./support/hydrated";

/**
 * A store that cannot open (here: its folder would have to be made inside a
 * file) must not take the site down with it, and must never thank a visitor
 * for a message that was not kept.
 */
let server: NextServer;

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a server-side failure; one project is enough");
  server = await startNextServer({ env: { CONTACT_DB: "/dev/null/contact.sqlite", SMTP_URL: "smtp://127.0.0.1:9" } });
});

test.afterAll(async () => {
  await server?.stop();
});

test("with an unusable CONTACT_DB the site still serves, and a post fails loudly without losing the visitor's text", async ({
  sharedPage: page,
}) => {
  expect(server.output()).toContain("contact: cannot open SQLite file /dev/null/contact.sqlite");
  const form = await gotoContactForm(page, `${server.url}/#contact`);
  await form.getByLabel(/^Your name/).fill("Femke de Wit");
  await form.getByLabel(/^Email/).fill("femke@example.com");
  await form.getByLabel(/^Message/).fill("This message cannot be stored; it must not be thanked for.");
  await form.getByLabel(/^Consent to store this message/).check();
  const answer = page.waitForResponse("**/api/contact");
  await form.getByRole("button", { name: "Send message" }).click();
  expect((await answer).status()).toBe(500);
  await expect(form.getByRole("status")).toHaveText(/could not be sent/);
  await expect(form.getByLabel(/^Message/)).toHaveValue("This message cannot be stored; it must not be thanked for.");
});
