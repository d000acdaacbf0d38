import { expect, type Locator, type Page } from "@playwright/test";
import { INTERACTIVE_ATTRIBUTE } from "../../../src/contact/rules/contact-fields";
import { HYDRATED_ATTRIBUTE } from "../../../src/islands/hydrated-mark";

/**
 * Opens `path` and waits until its scripts have taken over (src/islands/hydrated-mark.ts):
 * the islands script on a published page, React on the editor's. A test that
 * drives them (a menu button, a reveal) waits for them, as the page's own
 * HTML (links, the form) works before.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Waits until the page now open has its scripts running (after a navigation the test did not start with goto). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE);
}

/**
 * Opens `path`, brings the contact form into view and waits until the form
 * itself has hydrated: its code loads only once it comes near the viewport
 * (src/contact/form/ContactForm.tsx), after the rest of the page. Until then it is
 * the server's form, which posts to /contact without JavaScript.
 */
export async function gotoContactForm(page: Page, path: string): Promise<Locator> {
  await gotoHydrated(page, path);
  const form = page.locator("#contact form");
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute(INTERACTIVE_ATTRIBUTE, "");
  return form;
}
