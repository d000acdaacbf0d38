import { expect, test, type Page } from "@playwright/test";
import { STATIC_PAGE_PROP } from "../../src/site/static-page";
import { gotoHydrated, waitForHydration } from "./support/hydrated";
import { startClientNavigation } from "./support/client-navigation";
import { listedChunks } from "./support/listed-chunks";

/**
 * A published prerendered page is served as static HTML with islands
 * (src/site/static-page.ts): its __NEXT_DATA__ carries a marker instead of
 * the story, its one script (src/site/islands-entry.ts) leaves the server's
 * markup as it is, and the parts that do something attach to it. Pages
 * rendered per request keep their props and hydrate.
 */

function nextData(html: string): { props: { pageProps: Record<string, unknown> }; buildId: string } {
  const json = /<script id="__NEXT_DATA__" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("no __NEXT_DATA__ in the page");
  return JSON.parse(json) as { props: { pageProps: Record<string, unknown> }; buildId: string };
}

/** The markup React is in charge of, for comparing before and after the scripts ran. */
const rootMarkup = (page: Page) => page.evaluate(() => document.querySelector(".site-root")?.innerHTML.length ?? 0);

for (const path of ["/", "/projects/2024/atlas"]) {
  test(`${path}: the HTML carries the marker, not the story`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(nextData(html).props.pageProps).toEqual({ [STATIC_PAGE_PROP]: true });
    // The story's text is in the page once, as markup, not again as JSON.
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
    expect(heading?.length).toBeGreaterThan(3);
  });

  test(`${path}: the scripts keep the server's markup and log no error`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(path);
    const before = await page.evaluate(() => document.querySelector(".site-root")?.textContent);
    await gotoHydrated(page, path);
    expect(await page.evaluate(() => document.querySelector(".site-root")?.textContent)).toBe(before);
    expect(await rootMarkup(page)).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  });
}

test("below the fold, sections are hidden for their scroll reveal and shown as they come into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await gotoHydrated(page, "/");
  const revealed = page.locator("[data-reveal]").last();
  await expect(revealed).toHaveCSS("opacity", "0");
  await revealed.scrollIntoViewIfNeeded();
  await expect(revealed).toHaveCSS("opacity", "1");
});

test("a static page runs neither React nor Next.js's client, and its links load the next page, itself static", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const loaded: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") loaded.push(new URL(response.url()).pathname);
  });
  await gotoHydrated(page, "/");
  expect(await page.evaluate(() => "next" in window)).toBe(false);
  expect(loaded.filter((src) => /\/(framework|main|_app)-[^/]*\.js$/.test(src))).toEqual([]);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
  });
  await page.locator('a[href="/projects/2024/atlas"]:visible').first().click();
  await expect(page.locator("h1").first()).toContainText("Atlas");
  expect(documents).toEqual(["/projects/2024/atlas"]);
  await waitForHydration(page);
  expect(errors).toEqual([]);
});

test("a client-side navigation from a rendered page to a published one renders it with its props, and back", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await startClientNavigation(page, "/projects/2024/atlas");
  await expect(page).toHaveURL(/\/projects\/2024\/atlas$/);
  await expect(page.locator("h1").first()).toContainText("Atlas");
  await page.goBack();
  await expect(page.locator("h1").first()).toHaveText("Contact");
});

test("/contact, rendered per request, hydrates with its props", async ({ request }) => {
  const html = await (await request.get("/contact")).text();
  expect(nextData(html).props.pageProps).not.toHaveProperty(STATIC_PAGE_PROP);
});

test("a static page downloads no renderer: the scripts it loads are the ones its HTML lists", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  const loaded: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") loaded.push(new URL(response.url()).pathname);
  });
  const html = await (await page.request.get("/")).text();
  await gotoHydrated(page, "/");
  // Long enough for anything hydration would start; the form's code waits for the form to come near, which it does not here.
  await page.waitForTimeout(1000);
  expect(loaded.sort()).toEqual(listedChunks(html).sort());
});
