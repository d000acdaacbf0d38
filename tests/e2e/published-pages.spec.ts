import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { projectListAnchor, projectTitle } from "./content";
import { gotoHydrated, waitForHydration } from "./support/hydrated";
import { inlineModules, scriptSources, startingScripts } from "./support/page-scripts";

/**
 * Every page a visitor gets is published with `unstable_runtimeJS: false`
 * (src/islands/islands-script.ts): the server's HTML and the islands script
 * (src/islands/islands-entry.ts), bundled by esbuild at `next build`; no
 * Next.js runtime, no React, no `__NEXT_DATA__`. Links load pages in full,
 * so navigation is the browser's own whichever page a visit starts on.
 * Only the Visual Editor's page hydrates (src/pages/editor/[[...slug]].tsx).
 */

const VISITOR_PAGES = ["/", "/projects/2024/atlas", "/contact", "/no-such-page"];

/** Page errors and console errors (a failed script, a CSP refusal, a React warning). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("status of 404")) problems.push(message.text());
  });
  return problems;
}

// What the server sends is the same whatever the viewport: the desktop project checks it.
test.describe("the server's answer", () => {
  test.skip(({ isMobile }) => isMobile, "server answers do not depend on the viewport");

  for (const path of VISITOR_PAGES) {
    test(`${path}: the islands script is its one script; no Next.js runtime and no page data`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(path === "/no-such-page" ? 404 : 200);
      const html = await response.text();
      // Inline, so it costs a phone no round trip (src/islands/build-islands.ts); no script is fetched with the HTML.
      expect(scriptSources(html)).toEqual([]);
      expect(inlineModules(html)).toHaveLength(1);
      // It imports the rest of the page's script once the first frame is out (src/islands/take-over.ts).
      expect(inlineModules(html)[0]).toMatch(/import\("\/islands\/chunks\/take-over-[A-Z0-9]+\.js"\)/);
      expect(inlineModules(html)[0]).not.toContain("contact-form-root");
      expect(html).not.toContain("__NEXT_DATA__");
      expect(html).not.toContain("/_next/static/chunks/");
    });

    test(`${path}: its CSS rides in the HTML (src/document/InlineCssHead.tsx); each stylesheet link is its disabled twin, still served, cached for good`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const inline = [...html.matchAll(/<style data-href="(\/_next\/static\/css\/[\w-]+\.css)">([^<]*)<\/style>/g)].map(
        ([, href, css]) => ({ href: href!, css: css! }),
      );
      expect(inline.length).toBeGreaterThan(0);
      expect(inline.every(({ css }) => css.length > 0)).toBe(true);
      expect(inline.reduce((total, { css }) => total + css.length, 0)).toBeGreaterThan(5000);
      // A file whose inline part is its first screen's rules only also has a <noscript> copy that loads it whole
      // without scripts; with scripts, the islands script loads it after the first frame (src/islands/deferred-styles.ts).
      const links = [...html.replace(/<noscript>.*?<\/noscript>/gs, "").matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map(
        ([tag]) => tag,
      );
      expect(links.map((tag) => /href="([^"]+)"/.exec(tag)?.[1]).sort()).toEqual(inline.map(({ href }) => href).sort());
      expect(links.every((tag) => /\sdisabled=""/.test(tag))).toBe(true);
      for (const tag of links.filter((link) => link.includes("data-deferred-style")))
        expect(html).toContain(`<noscript><link rel="stylesheet" href="${/href="([^"]+)"/.exec(tag)![1]}"/></noscript>`);
      // The editor's page, which hydrates, finds the same files by these links.
      for (const { href } of inline) {
        const response = await request.get(href);
        expect(response.status()).toBe(200);
        expect(response.headers()["cache-control"]).toContain("immutable");
      }
    });
  }

  test("the editor's page, typed by a visitor, is the published story, hydrated, never cached or indexed", async ({ request }) => {
    const response = await request.get("/editor/projects/fieldnotes");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-robots-tag"]).toBe("noindex");
    expect(response.headers()["cache-control"]).toContain("no-store");
    const html = await response.text();
    expect(html).toContain(projectTitle("projects/fieldnotes.json").replace(/'/g, "&#x27;"));
    expect(html).toContain("__NEXT_DATA__");
    expect((await request.get("/editor/no-such-section")).status()).toBe(404);
  });
});

// On a phone's screen, which it sets itself: the phone project runs it.
test.describe("what a page downloads", () => {
  test.skip(({ isMobile }) => !isMobile, "it sets a phone's viewport itself: one project is enough");

  test("a page downloads the rest of its script and of its CSS once it has painted, and nothing else until the contact form comes near", async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 760 });
    const loaded: string[] = [];
    const stylesheets: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") loaded.push(new URL(response.url()).pathname);
      if (response.request().resourceType() === "stylesheet") stylesheets.push(new URL(response.url()).pathname);
    });
    const html = await (await page.request.get("/")).text();
    const starting = await startingScripts(async (src) => (await page.request.get(src)).text(), html);
    await gotoHydrated(page, "/");
    // Long enough for anything the scripts would start; the form's code waits for the form to come near, which it does not here.
    await page.waitForTimeout(1000);
    // Fetched: the files among them. The islands script itself is inline; the one file is the rest of the page's script.
    expect(starting.has("inline module 1")).toBe(true);
    const files = [...starting.keys()].filter((key) => key.startsWith("/"));
    expect(files).toEqual([expect.stringMatching(/^\/islands\/chunks\/take-over-[A-Z0-9]+\.js$/)]);
    expect(loaded.sort()).toEqual(files);
    // The first screen's CSS came with the HTML; the one stylesheet fetched is the rest of it, which the islands script
    // asks for once the first frame is out (a linked one would hold the first paint a round trip).
    const deferred = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled="" data-deferred-style=""/g)].map(
      ([, href]) => href,
    );
    expect(deferred.length).toBeGreaterThan(0);
    expect([...new Set(stylesheets)].sort()).toEqual(deferred.sort());
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await expect.poll(() => loaded.some((src) => /^\/islands\/chunks\/contact-form-root-[A-Z0-9]+\.js$/.test(src))).toBe(true);
  });
});

// The headline's entrance is the same script and styles on every screen: the desktop project checks it.
test.describe("the headline's entrance", () => {
  test.skip(({ isMobile }) => isMobile, "the same script and styles on every viewport");

  test("the hero's text entrance is held at its first frame until the page has painted, then plays", async ({ sharedPage: page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-painted"));
    const states = await page
      .locator("h1")
      .evaluate((headline) => headline.getAnimations({ subtree: true }).map((animation) => animation.playState));
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === "running" || state === "finished")).toBe(true);
  });

  test("without JavaScript the headline is not held: nothing would release it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const states = await page
      .locator("h1")
      .evaluate((headline) => headline.getAnimations({ subtree: true }).map((animation) => animation.playState));
    expect(states.every((state) => state !== "paused")).toBe(true);
    await context.close();
  });
});

/** Whether the element is on screen, at least its top. */
const onScreen = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      return top >= -1 && top < window.innerHeight;
    });

for (const entry of VISITOR_PAGES) {
  test(`entered on ${entry}: its scripts leave the server's markup, run no React and log no error; a link loads the next page in full at its top, and a link to a section lands on it`, async ({
    sharedPage: page,
  }) => {
    const problems = collectProblems(page);
    await page.goto(entry);
    const before = await page.evaluate(() => document.querySelector(".site-root")?.textContent);
    await waitForHydration(page);
    // The text, not the markup: the contact form, near at once on a short page, marks itself interactive.
    expect(await page.evaluate(() => document.querySelector(".site-root")?.textContent)).toBe(before);
    expect(before?.length).toBeGreaterThan(500);
    expect(await page.evaluate(() => "next" in window || "__NEXT_DATA__" in window)).toBe(false);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    // Far down the page first: the next page must not keep this scroll position.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('a[href="/projects/2024/atlas"]:visible, a[href="/"]:visible').first().click();
    await page.waitForLoadState("load");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // "All work" (the home page's list of projects) from a project page: a section of another page.
    await gotoHydrated(page, "/projects/2024/atlas");
    const anchor = projectListAnchor();
    await page.locator(`a[href="/#${anchor}"]:visible`).first().click();
    await expect(page).toHaveURL(new RegExp(`/#${anchor}$`));
    await expect.poll(() => onScreen(page, `[id="${anchor}"]`)).toBe(true);
    expect(documents.length).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
  });
}
