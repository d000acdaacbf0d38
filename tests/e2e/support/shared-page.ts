import { test as base, type CDPSession, type Page } from "@playwright/test";

/**
 * Playwright's `test` with one more fixture, `sharedPage`: a page each worker
 * opens once and lends to every test that asks for it, instead of the new
 * context and page `page` gives each test. A new page costs Chromium about a
 * second of CPU before it loads anything (a renderer, its frame, Playwright's
 * set-up), more than most visits here cost; `npm test` runs hundreds of them
 * on two cores.
 *
 * What a test leaves is undone before the next one borrows the page: its
 * listeners and routes, extra headers, media emulation (a test may set its
 * own with page.emulateMedia) and viewport, cookies, the site's session and
 * local storage, the browser's HTTP cache, and the document (the page is left
 * on about:blank). What cannot be undone is not for a shared page: a test
 * that adds an init script, exposes a function or installs a clock takes
 * `page`, as does one that needs context options of its own (`test.use`,
 * JavaScript off): the shared page has the project's.
 */
export const test = base.extend<{ sharedPage: Page }, { workerPage: { page: Page; cdp: CDPSession } }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, colorScheme, reducedMotion } =
        workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport,
        userAgent,
        isMobile,
        hasTouch,
        deviceScaleFactor,
        locale,
        timezoneId,
        colorScheme,
        reducedMotion,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await use({ page, cdp });
      await context.close();
    },
    { scope: "worker" },
  ],

  sharedPage: async ({ workerPage: { page, cdp } }, use, testInfo) => {
    const { viewport, colorScheme, reducedMotion } = testInfo.project.use;
    await cdp.send("Network.clearBrowserCache");
    await use(page);
    page.removeAllListeners();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.setExtraHTTPHeaders({});
    await page.emulateMedia({
      media: null,
      colorScheme: colorScheme ?? "light",
      reducedMotion: reducedMotion ?? "no-preference",
      forcedColors: "none",
    });
    if (viewport && JSON.stringify(page.viewportSize()) !== JSON.stringify(viewport)) await page.setViewportSize(viewport);
    // Storage is per origin, and a tab keeps its session storage across documents.
    if (/^https?:/.test(page.url())) await page.evaluate(() => (sessionStorage.clear(), localStorage.clear())).catch(() => undefined);
    await page.goto("about:blank");
    await page.context().clearCookies();
  },
});

export { expect } from "@playwright/test";
