import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { heroHeadline, homeSectionTitles } from "./content";

/** Opacity of every element in <main> that is fully transparent right now. */
function transparentInMain(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("main *"))
      .filter((element) => getComputedStyle(element).opacity === "0")
      .map((element) => element.outerHTML.slice(0, 80)),
  );
}

test("without JavaScript every word is on the page and nothing is transparent", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: heroHeadline() })).toBeVisible();
  for (const title of homeSectionTitles())
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  expect(await transparentInMain(page)).toEqual([]);
  await context.close();
});

test.describe("the headline's keyframes", () => {
  test.skip(({ isMobile }) => isMobile, "the same script's keyframes on every viewport: the desktop project checks them");

  test("the hero headline's words rise in from a legible start, never from opacity 0", async ({ sharedPage: page }) => {
    await page.goto("/");
    const frames = await page
      .locator("h1")
      .evaluate((headline) =>
        headline.getAnimations({ subtree: true }).map((animation) => (animation.effect as KeyframeEffect).getKeyframes()),
      );
    expect(frames).toHaveLength(heroHeadline().split(/\s+/).length);
    for (const keyframes of frames) {
      const opacities = keyframes.map((keyframe) => Number(keyframe.opacity ?? 1));
      expect(Math.min(...opacities)).toBeGreaterThan(0.2);
      expect(keyframes.some((keyframe) => String(keyframe.transform ?? "none") !== "none")).toBe(true);
    }
  });
});

test("with reduced motion the headline does not move", async ({ sharedPage: page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: heroHeadline() })).toBeVisible();
  expect(await page.locator("h1").evaluate((headline) => headline.getAnimations({ subtree: true }).length)).toBe(0);
});

test("a section below the fold is hidden after load and fades in when scrolled to", async ({ sharedPage: page }) => {
  await page.goto("/");
  const heading = page.getByRole("main").getByRole("heading", { level: 2, name: homeSectionTitles().at(-1)!, exact: true });
  const header = heading.locator("xpath=..");
  // Hydration hides only what is still below the fold.
  await expect(header).toHaveCSS("opacity", "0");
  await header.scrollIntoViewIfNeeded();
  await expect(header).toHaveCSS("opacity", "1");
  await expect(heading).toBeInViewport();
});

test("nothing in view at load is hidden by a scroll reveal", async ({ sharedPage: page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  const hiddenInView = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("main [style*='opacity']"))
      .filter((element) => element.getBoundingClientRect().top < window.innerHeight && getComputedStyle(element).opacity === "0")
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(hiddenInView).toEqual([]);
});
