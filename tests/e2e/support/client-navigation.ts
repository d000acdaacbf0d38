import type { Page } from "@playwright/test";

interface NextWindow {
  next: { router: { push(url: string): Promise<boolean> } };
}

/**
 * Starts a navigation with Next.js's router, as a client-side link does
 * (the site's own links are plain anchors, but a page React renders may
 * still hold router links). It does not wait: the router may end in a full
 * page load (a missing page), so callers wait for what they expect to see.
 */
export async function startClientNavigation(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    void (window as unknown as NextWindow).next.router.push(to);
  }, path);
}

/**
 * Navigates with Next.js's router and waits until it has rendered the new
 * page (the router's promise settles after its render, where the URL
 * changes before it). Only for a navigation that stays on the client.
 */
export async function navigateOnClient(page: Page, path: string): Promise<void> {
  const done = await page.evaluate((to) => (window as unknown as NextWindow).next.router.push(to), path);
  if (!done) throw new Error(`the router did not complete its navigation to ${path}`);
}
