import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { gotoHydrated } from "./support/hydrated";
import { scrollThrough } from "./support/scroll-through";

const PAGES = ["/", "/projects/2024/atlas", "/projects/tidewater"];

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

// One visit a page for both checks: each wants the page loaded and scrolled through to its end.
for (const path of PAGES) {
  test(`${path} logs no console errors and does not scroll sideways`, async ({ sharedPage: page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(path, { waitUntil: "networkidle" });
    await scrollThrough(page);
    expect(errors).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("phone: the menu button opens the navigation", async ({ sharedPage: page, isMobile }) => {
  test.skip(!isMobile, "the menu collapses on phones only");
  await gotoHydrated(page, "/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
});

test("with reduced motion nothing is hidden for an animation", async ({ sharedPage: page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const hidden = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll<HTMLElement>("main *")).filter((element) => getComputedStyle(element).opacity === "0").length,
  );
  expect(hidden).toBe(0);
});

// CSS Modules load in a different order per page; a header logo sized by the
// wrong rule once filled the whole screen on the 404 page.
for (const path of ["/", "/projects/does-not-exist"]) {
  test(`${path} keeps the header logo small`, async ({ sharedPage: page }) => {
    await page.goto(path);
    const logo = page.getByRole("banner").getByRole("link").first().locator("img");
    const box = await logo.boundingBox();
    expect(box?.width ?? 0).toBeLessThan(64);
  });
}
