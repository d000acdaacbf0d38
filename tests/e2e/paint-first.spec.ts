import { expect, test } from "@playwright/test";
import { PAINT_FIRST_CHUNKS_ID } from "../../src/site/paint-first-boot";
import { gotoHydrated } from "./support/hydrated";
import { listedChunks } from "./support/listed-chunks";

/**
 * The page's chunks load after its first paint (src/site/paint-first-boot.ts):
 * the server HTML names them in a data block instead of `<script defer>`
 * tags, the loader adds them in order once the page has painted, and the
 * page hydrates as before.
 */

for (const path of ["/", "/projects/2024/atlas"]) {
  test(`${path}: no chunk is fetched with the HTML; the loader lists them instead`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter(([tag]) => !/\bnoModule\b/i.test(tag));
    expect(tags.map(([, src]) => src)).toEqual([]);
    const chunks = listedChunks(html);
    expect(chunks.some((src) => /\/framework-[^/]*\.js$/.test(src))).toBe(true);
    expect(chunks.some((src) => /\/_buildManifest\.js$/.test(src))).toBe(true);
  });

  test(`${path}: after the first paint every listed chunk loads, in order, and the page hydrates`, async ({ page }) => {
    const loaded: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") loaded.push(new URL(response.url()).pathname);
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoHydrated(page, path);
    const state = await page.evaluate((id) => {
      const paint = performance.getEntriesByType("paint")[0];
      const framework = performance.getEntriesByType("resource").find((entry) => /\/framework-[^/]*\.js$/.test(entry.name));
      return {
        chunks: JSON.parse(document.getElementById(id)?.textContent ?? "[]") as string[],
        inDocument: Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"), (script) => new URL(script.src).pathname),
        painted: document.documentElement.hasAttribute("data-painted"),
        paintedAt: paint?.startTime ?? Infinity,
        frameworkRequestedAt: framework?.startTime ?? -1,
      };
    }, PAINT_FIRST_CHUNKS_ID);
    // What the page saw, for the message of whichever check fails.
    const seen = JSON.stringify({ ...state, loaded }, null, 1);
    expect(state.painted, seen).toBe(true);
    // Added in the listed order (async = false runs them in that order too).
    expect(state.inDocument.filter((src) => state.chunks.includes(src)), seen).toEqual(state.chunks);
    for (const chunk of state.chunks) expect(loaded, seen).toContain(chunk);
    // Not requested before the page had painted.
    expect(state.frameworkRequestedAt, seen).toBeGreaterThanOrEqual(state.paintedAt);
    expect(errors, seen).toEqual([]);
  });
}

test("the hero's text entrance is held at its first frame until the page has painted, then plays", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-painted"));
  const states = await page.locator("h1").evaluate((headline) => headline.getAnimations({ subtree: true }).map((animation) => animation.playState));
  expect(states.length).toBeGreaterThan(0);
  expect(states.every((state) => state === "running" || state === "finished")).toBe(true);
});

test("without JavaScript the headline is not held: nothing would release it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const states = await page.locator("h1").evaluate((headline) => headline.getAnimations({ subtree: true }).map((animation) => animation.playState));
  expect(states.every((state) => state !== "paused")).toBe(true);
  await context.close();
});
