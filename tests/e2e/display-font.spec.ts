import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { DISPLAY_FONT_CORE } from "../../src/styles/display-font-files";
import { DISPLAY_FONT_ATTRIBUTE } from "../../src/document/display-font-flag";
import { gotoHydrated, waitForHydration } from "./support/hydrated";
import { layoutShifts } from "./support/layout-shifts";
import { INTERACTIVE_ATTRIBUTE } from "../../src/contact/rules/contact-fields";

/**
 * The headings' face (scripts/fonts/display-font.ts): a small file for
 * ASCII and the site's languages, never preloaded, a second one a page fetches only when it shows an accented
 * letter, and the browser really drawing headings with it: on a page reached from another of the site's
 * pages, a first page keeping the metric-matched fallback and fetching the face after its first paint
 * (src/document/display-font-flag.ts). Chromium reports the font it rendered a node's text with
 * (CSS.getPlatformFontsForNode); "Fraunces Fallback" is Times New Roman or a clone of it, and this
 * machine has Liberation Serif.
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

/** Whether the page's <html> lets its headings name the face (the head script set the attribute). */
function namesDisplayFont(page: Page): Promise<boolean> {
  return page.evaluate((name) => document.documentElement.hasAttribute(name), DISPLAY_FONT_ATTRIBUTE);
}

/** Waits until the page has fetched the face's core file for the reader's next page (it is in the HTTP cache). */
async function waitUntilDisplayFontFetched(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((core) => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith(core)), DISPLAY_FONT_CORE),
    )
    .toBe(true);
}

/** Opens `path` as a link on the page now open does: the request names that page as its referrer. */
async function gotoFromThisPage(page: Page, path: string): Promise<void> {
  await page.goto(path, { referer: page.url() });
  await waitForHydration(page);
}

// A reader's next page is a link on the first: a card's on the home page, the header's home link on a project page.
for (const [path, next] of [
  ["/", "main a[href='/projects/2024/atlas']"],
  ["/nl/projects/2024/atlas", "header a[href='/nl']"],
] as const) {
  test(`${path}: a first page fetches the face only after its first paint; the page its link opens draws its headings in it from the start`, async ({
    sharedPage: page,
  }) => {
    await gotoHydrated(page, path);
    expect(await namesDisplayFont(page)).toBe(false);
    expect(await fontsRenderedFor(page, "h1")).toEqual(["Liberation Serif"]);
    const fetchedAfterPaint = () =>
      page.evaluate((core) => {
        const font = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(core));
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        return font && paint ? font.startTime > paint.startTime : null;
      }, DISPLAY_FONT_CORE);
    await expect.poll(fetchedAfterPaint).toBe(true);
    // Fetched, it changed nothing on this page.
    expect(await fontsRenderedFor(page, "h1")).toEqual(["Liberation Serif"]);

    await Promise.all([page.waitForEvent("load"), page.locator(next).first().click()]);
    await waitForHydration(page);
    expect(await namesDisplayFont(page)).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsRenderedFor(page, "h1")).toEqual(["Fraunces"]);
    expect(await layoutShifts(page)).toEqual([]);
  });
}

test("a page reached from another site, or from an origin that only begins like this one, keeps the fallback", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await gotoHydrated(page, "/");
  const origin = new URL(page.url()).origin;
  await waitUntilDisplayFontFetched(page);
  // The file is in the cache now: only the referrer decides.
  for (const referer of ["https://search.example/?q=elena+varga", `${origin}1/`]) {
    await page.goto("/", { referer });
    await waitForHydration(page);
    expect(await page.evaluate(() => document.referrer)).toBe(referer);
    expect(await namesDisplayFont(page)).toBe(false);
    expect(await fontsRenderedFor(page, "h1")).toEqual(["Liberation Serif"]);
  }
  expect(errors).toEqual([]);
});

// The Dutch home page's headings have "één": Dutch letters are in the core file too (scripts/fonts/display-font.ts).
for (const path of ["/", "/projects/2024/atlas", "/nl"]) {
  test(`${path}: headings are drawn in Fraunces, with no font file but the core one fetched`, async ({ sharedPage: page }) => {
    const fonts = fontRequests(page);
    // A first page keeps the fallback and fetches the face after its paint (src/document/display-font-flag.ts);
    // the page a link on it opens has the file from the cache at once.
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    await waitUntilDisplayFontFetched(page);
    // Hydrated first: the node asked about must be the one that stays.
    await gotoFromThisPage(page, path);
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsRenderedFor(page, "h1")).toEqual(["Fraunces"]);
    await page.waitForLoadState("networkidle");
    expect([...new Set(fonts)]).toEqual([DISPLAY_FONT_CORE]);
  });
}

// Each weight of the reader's own fonts is a font match of its own, laid out on the main thread (src/styles/globals.css).
test("text on every page is set at two weights, 400 and 600, the contact form's messages included", async ({ sharedPage: page }) => {
  const weights = new Map<string, string[]>();
  const record = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()))
        .map((element) => [getComputedStyle(element).fontWeight, `${element.tagName.toLowerCase()}.${element.className}`] as const),
    );
  for (const path of ["/", "/projects/2024/atlas", "/nl"]) {
    await gotoHydrated(page, path);
    const form = page.locator("form").last();
    if (await form.count()) {
      await form.scrollIntoViewIfNeeded();
      await expect(form).toHaveAttribute(INTERACTIVE_ATTRIBUTE, "");
      // An empty send shows every field's message and its mark.
      await form.locator("button[type=submit]").click();
      await expect(form.locator("[aria-invalid=true]").first()).toBeVisible();
    }
    for (const [weight, element] of await record()) weights.set(weight, [...(weights.get(weight) ?? []), `${path} ${element}`]);
  }
  expect([...weights.keys()].sort(), JSON.stringify(Object.fromEntries([...weights].map(([w, e]) => [w, e.slice(0, 3)])))).toEqual([
    "400",
    "600",
  ]);
});

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
    await waitUntilDisplayFontFetched(page);
    // A first page's headings never name the face (src/document/display-font-flag.ts): a page its links open
    // does, and has the file from the cache.
    await gotoFromThisPage(page, "/");
    await showAccentedHeading();
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsRenderedFor(page, "#accented")).toEqual(["Fraunces"]);
  });
});
