import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { DISPLAY_FONT_CORE } from "../../src/styles/display-font-files";
import { gotoHydrated } from "./support/hydrated";

/**
 * The headings' face (scripts/fonts/display-font.ts): a small file for
 * ASCII, never preloaded, a second one a page fetches only when it shows an accented
 * letter, and the browser really drawing headings with it. Chromium reports
 * the font it rendered a node's text with (CSS.getPlatformFontsForNode).
 */

async function fontsRenderedFor(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

// The Dutch home page's headings have "één": Dutch letters are in the core file too (scripts/fonts/display-font.ts).
for (const path of ["/", "/projects/2024/atlas", "/nl"]) {
  test(`${path}: headings are drawn in Fraunces, with no font file but the core one fetched`, async ({ sharedPage: page }) => {
    const fonts = fontRequests(page);
    // The face is optional (src/styles/display-font.css): a first view keeps the fallback when the file
    // takes longer than the browser's short block period, as it may on a busy machine. The second view has
    // it from the cache at once, as a visitor's next page does.
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    // Hydrated first: the node asked about must be the one that stays.
    await gotoHydrated(page, path);
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsRenderedFor(page, "h1")).toEqual(["Fraunces"]);
    await page.waitForLoadState("networkidle");
    expect([...new Set(fonts)]).toEqual([DISPLAY_FONT_CORE]);
  });
}

// That no file is preloaded and which face a quote or an accented letter gets is the head and
// the stylesheet, the same on every viewport: the desktop project checks it. The headings above are
// drawn on both, since what a screen shows decides which files a page fetches.
test.describe("the same on every viewport", () => {
  test.skip(({ isMobile }) => isMobile, "head tags and font rules do not depend on the viewport");

  test("no font is preloaded, so none is fetched before the first paint; the core file is served for a year under a name that changes with it", async ({
    sharedPage: page,
    request,
  }) => {
    await page.goto("/");
    await expect(page.locator(`link[rel="preload"][as="font"]`)).toHaveCount(0);
    const response = await request.get(DISPLAY_FONT_CORE);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("font/woff2");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
  });

  test("a quote is set in the reader's own serif italic, with nothing to download", async ({ sharedPage: page }) => {
    const fonts = fontRequests(page);
    await gotoHydrated(page, "/projects/2024/atlas");
    const quote = page.locator("blockquote").first();
    await expect(quote).toBeVisible();
    expect(await quote.evaluate((element) => getComputedStyle(element).fontStyle)).toBe("italic");
    expect(await fontsRenderedFor(page, "blockquote")).not.toContain("Fraunces");
    await page.waitForLoadState("networkidle");
    expect(fonts).toEqual([DISPLAY_FONT_CORE]);
  });

  test("a heading with accented letters fetches the latin file and draws them in Fraunces too", async ({ sharedPage: page }) => {
    const fonts = fontRequests(page);
    const showAccentedHeading = () =>
      page.evaluate(async () => {
        // Outside React's root, which would remove a node it did not render.
        const heading = document.createElement("h2");
        heading.id = "accented";
        heading.textContent = "Ærøskøbing café";
        document.body.prepend(heading);
        await document.fonts.load("600 2rem Fraunces", "Ærø");
      });
    await gotoHydrated(page, "/");
    await showAccentedHeading();
    await expect.poll(() => fonts.find((url) => /\/fonts\/fraunces-600-latin\.[0-9a-f]+\.woff2$/.test(url))).toBeTruthy();
    // The face is optional: a heading keeps the fallback if the file took longer than the block period, as
    // a first fetch may on a busy machine. The next view has the file from the cache, as a visitor's next page does.
    await gotoHydrated(page, "/");
    await showAccentedHeading();
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsRenderedFor(page, "#accented")).toEqual(["Fraunces"]);
  });
});
