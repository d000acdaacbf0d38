import type { Page, Response } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { INTERACTIVE_ATTRIBUTE } from "../../src/contact/rules/contact-fields";
import { FORM_INVALID_MESSAGE, MESSAGES } from "../../src/contact/rules/contact-rules";
import { STATUS_TEXT } from "../../src/contact/rules/contact-status";
import { gotoContactForm, gotoHydrated } from "./support/hydrated";

/**
 * The contact form is an island (src/contact/form/ContactForm.tsx, issue 11): every
 * page has its server-rendered HTML, but its code (the component, the rules'
 * messages, the send states) loads only once the form comes near the
 * viewport, and then hydrates the form the server sent.
 */

/** Text only the form's code carries: the rules' messages and the send states. */
const FORM_CODE = [FORM_INVALID_MESSAGE, MESSAGES.email, STATUS_TEXT.limited];

const carriesFormCode = (body: string) => FORM_CODE.some((text) => body.includes(text));

/** Page errors, and console errors (where React reports a hydration that did not match). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  return problems;
}

test("the form's code loads only once the form comes near, and then hydrates the server's form", async ({ sharedPage: page }) => {
  const problems = collectProblems(page);
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().then((body) => ({ url: response.url(), body })));
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");
  const form = page.locator("#contact form");
  // The premise: the form starts well outside the observer's margin (600px).
  const below = await form.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight);
  expect(below).toBeGreaterThan(1000);

  // The page has hydrated (its islands script, inline, has run); the form is the server's, whole, and none of its code has loaded.
  const loaded = await Promise.all(scripts);
  const inline = await page.$$eval('script[type="module"]:not([src])', (elements) => elements.map((element) => element.textContent ?? ""));
  expect(inline).toHaveLength(1);
  expect(carriesFormCode(inline[0]!)).toBe(false);
  expect(loaded.filter(({ body }) => carriesFormCode(body)).map(({ url }) => url)).toEqual([]);
  await expect(form.getByLabel(/^Your name/)).toBeAttached();
  await expect(form.getByLabel(/^Consent to store this message/)).toBeAttached();
  await expect(form.getByRole("button", { name: "Send message" })).toBeAttached();
  await expect(form).not.toHaveAttribute(INTERACTIVE_ATTRIBUTE);
  // Marks the server's nodes: hydration keeps them, a client render would replace them.
  await form.evaluate((element) => element.setAttribute("data-from-server", ""));
  const nameId = await form.getByLabel(/^Your name/).getAttribute("id");

  // Scrolled into view: its chunk arrives and the same form becomes React's.
  const chunk = page.waitForResponse(
    async (response: Response) => response.request().resourceType() === "script" && carriesFormCode(await response.text()),
  );
  await form.scrollIntoViewIfNeeded();
  await chunk;
  await expect(form).toHaveAttribute(INTERACTIVE_ATTRIBUTE, "");
  await expect(form).toHaveAttribute("data-from-server", "");
  expect(await form.getByLabel(/^Your name/).getAttribute("id")).toBe(nameId);

  // The browser's own checks now: the messages appear without a post to /contact.
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText(FORM_INVALID_MESSAGE);
  await expect(form.getByLabel(/^Your name/)).toBeFocused();
  await expect(form.getByLabel(/^Your name/)).toHaveAttribute("aria-invalid", "true");
  expect(new URL(page.url()).pathname).toBe("/");
  expect(posts).toEqual([]);
  expect(problems).toEqual([]);
});

test("focusing a field starts the form's code, even before it scrolls near", async ({ sharedPage: page }) => {
  const problems = collectProblems(page);
  await gotoHydrated(page, "/");
  const form = page.locator("#contact form");
  // focus() without scrolling: the observer has not seen it, the focus listener has.
  await form.getByLabel(/^Your name/).evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
  await expect(form).toHaveAttribute(INTERACTIVE_ATTRIBUTE, "");
  await expect(form.getByLabel(/^Your name/)).toBeFocused();
  expect(problems).toEqual([]);
});

test("after a post without JavaScript, /contact's form hydrates with the server's answer in place", async ({ sharedPage: page }) => {
  const problems = collectProblems(page);
  await gotoHydrated(page, "/");
  // form.submit() skips the form's handlers, as a browser without JavaScript would: a plain post, answered 422.
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/contact");
  await page.locator("#contact form").evaluate((form: HTMLFormElement) => form.submit());
  expect((await answer).status()).toBe(422);
  const form = page.locator("#contact form");
  await expect(form).toHaveAttribute(INTERACTIVE_ATTRIBUTE, "");
  await expect(form.getByRole("status")).toHaveText(FORM_INVALID_MESSAGE);
  const name = form.getByLabel(/^Your name/);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`[id="${await name.getAttribute("aria-describedby")}"]`)).toHaveText("Your name is required.");
  // React's now: fixing the field clears its message.
  await name.fill("Femke de Wit");
  await expect(name).not.toHaveAttribute("aria-invalid");
  // The browser reports the 422 itself; anything else is a problem.
  expect(problems.filter((problem) => !problem.includes("status of 422"))).toEqual([]);
});

/** What the form's styles decide, for the first field and the submit button. */
const formLook = (page: Page) =>
  page.locator("#contact form").evaluate((form) => {
    const look = (element: Element | null) => {
      const style = element ? getComputedStyle(element) : null;
      return style && { minHeight: style.minHeight, border: style.borderTopWidth, padding: style.paddingTop, display: style.display };
    };
    return {
      field: look(form.querySelector("input:not([type=hidden]):not([type=checkbox])")),
      button: look(form.querySelector("button[type=submit]")),
    };
  });

test("the server's form is styled as the hydrated one, before its code loads and without JavaScript", async ({
  sharedPage: page,
  browser,
}) => {
  await gotoContactForm(page, "/");
  const hydrated = await formLook(page);
  expect(hydrated.field?.minHeight).not.toBe("0px");

  const context = await browser.newContext({ javaScriptEnabled: false });
  const withoutScripts = await context.newPage();
  await withoutScripts.goto("/");
  expect(await formLook(withoutScripts)).toEqual(hydrated);
  await context.close();

  // With scripts, before the form comes near: its code (and anything loaded with it) is not there yet.
  const fresh = await browser.newPage({ viewport: { width: 390, height: 760 } });
  await gotoHydrated(fresh, "/");
  await expect(fresh.locator("#contact form")).not.toHaveAttribute(INTERACTIVE_ATTRIBUTE, "");
  expect(await formLook(fresh)).toEqual(hydrated);
  await fresh.close();
});
