import { expect, test } from "@playwright/test";
import { PAINT_FIRST_CHUNKS_ID, PAINT_FIRST_MANIFEST_ID } from "../../src/site/paint-first-boot";
import { evaluateBuildManifest } from "../../src/site/build-manifest-data";
import { gotoHydrated } from "./support/hydrated";
import { startClientNavigation } from "./support/client-navigation";
import { listedChunks } from "./support/listed-chunks";

/**
 * The page's chunks load after its first paint (src/site/paint-first-boot.ts):
 * the server HTML names them in a data block instead of `<script defer>`
 * tags, the loader adds them in order once the page has painted, and the
 * page hydrates as before.
 */

/** Pages served as static HTML load the islands script (src/site/islands-build.ts); a page rendered per request, Next.js's. */
const STATIC_PAGES = ["/", "/projects/2024/atlas"];
const RENDERED_PAGE = "/contact";

for (const path of STATIC_PAGES) {
  test(`${path}: no chunk is fetched with the HTML; the loader lists the islands script and no build manifest`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter(([tag]) => !/\bnoModule\b/i.test(tag));
    expect(tags.map(([, src]) => src)).toEqual([]);
    const chunks = listedChunks(html);
    expect(chunks.map((src) => /\/chunks\/([a-z]+)-[^/]*\.js$/.exec(src)?.[1])).toEqual(["webpack", "islands"]);
    expect(html).not.toContain(`id="${PAINT_FIRST_MANIFEST_ID}"`);
  });
}

test(`${RENDERED_PAGE}: no chunk is fetched with the HTML; the loader lists Next.js's chunks instead`, async ({ request }) => {
  const html = await (await request.get(RENDERED_PAGE)).text();
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter(([tag]) => !/\bnoModule\b/i.test(tag));
  expect(tags.map(([, src]) => src)).toEqual([]);
  const chunks = listedChunks(html);
  expect(chunks.some((src) => /\/framework-[^/]*\.js$/.test(src))).toBe(true);
  // The build manifest comes as data in the HTML, not as one more request;
  // the static-pages manifest is only final after the build has rendered the static pages.
  expect(chunks.filter((src) => /\/_buildManifest\.js$/.test(src))).toEqual([]);
  expect(chunks.some((src) => /\/_ssgManifest\.js$/.test(src))).toBe(true);
});

test(`${RENDERED_PAGE}: the build manifest in the HTML is the build's own, as the server has it now`, async ({ request }) => {
  const html = await (await request.get(RENDERED_PAGE)).text();
  const inline = new RegExp(`<script id="${PAINT_FIRST_MANIFEST_ID}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  const buildId = (JSON.parse(/<script id="__NEXT_DATA__" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? "{}") as { buildId?: string }).buildId;
  const file = await (await request.get(`/_next/static/${buildId}/_buildManifest.js`)).text();
  expect(JSON.parse(inline ?? "null")).toEqual(evaluateBuildManifest(file));
  expect(evaluateBuildManifest(file)?.sortedPages).toEqual(expect.arrayContaining(["/", "/projects/[...slug]"]));
});

for (const path of [...STATIC_PAGES, RENDERED_PAGE]) {
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
      const chunks = JSON.parse(document.getElementById(id)?.textContent ?? "[]") as string[];
      const first = performance.getEntriesByType("resource").find((entry) => new URL(entry.name).pathname === chunks[0]);
      return {
        chunks,
        inDocument: Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"), (script) => new URL(script.src).pathname),
        painted: document.documentElement.hasAttribute("data-painted"),
        paintedAt: paint?.startTime ?? Infinity,
        firstRequestedAt: first?.startTime ?? -1,
      };
    }, PAINT_FIRST_CHUNKS_ID);
    // What the page saw, for the message of whichever check fails.
    const seen = JSON.stringify({ ...state, loaded }, null, 1);
    expect(state.painted, seen).toBe(true);
    // Added in the listed order (async = false runs them in that order too).
    expect(state.inDocument.filter((src) => state.chunks.includes(src)), seen).toEqual(state.chunks);
    // Hydration can start before the last, smallest file has been answered: wait for each.
    await expect.poll(() => state.chunks.filter((chunk) => !loaded.includes(chunk)), { message: seen }).toEqual([]);
    // Not requested before the page had painted.
    expect(state.firstRequestedAt, seen).toBeGreaterThanOrEqual(state.paintedAt);
    expect(errors, seen).toEqual([]);
  });
}

test("the router has its build manifest without fetching it, and navigates on the client with it", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await gotoHydrated(page, RENDERED_PAGE);
  // The static-pages manifest is the last file listed: hydration does not wait for it.
  await page.waitForFunction(() => "__SSG_MANIFEST" in window);
  expect(await page.evaluate(() => {
    const next = window as unknown as { __BUILD_MANIFEST?: { sortedPages?: string[] }; __SSG_MANIFEST?: Set<string> };
    return { pages: next.__BUILD_MANIFEST?.sortedPages, staticHome: next.__SSG_MANIFEST?.has("/") };
  })).toEqual({ pages: expect.arrayContaining(["/", "/projects/[...slug]"]), staticHome: true });
  // A client-side navigation asks the router for both manifests (which chunks, and whether static).
  await startClientNavigation(page, "/projects/2024/atlas");
  await expect(page.locator("h1")).toHaveText(/Atlas/);
  expect(requested.filter((path) => path === "/projects/2024/atlas")).toEqual([]);
  expect(requested.some((path) => /\/_next\/data\/[^/]+\/projects\/2024\/atlas\.json$/.test(path))).toBe(true);
  expect(requested.filter((path) => /_buildManifest\.js$/.test(path))).toEqual([]);
});

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
