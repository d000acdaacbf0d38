import type { Page } from "@playwright/test";

/**
 * Opens `path` and waits until React has hydrated it (Next.js sets
 * `window.next` then). The page's scripts load after its first paint
 * (src/site/paint-first-boot.ts), so a test that drives React (a menu
 * button, the router) waits for them, as the page's own HTML (links, the
 * form) works before.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => "next" in window);
}
