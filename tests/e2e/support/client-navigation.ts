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
