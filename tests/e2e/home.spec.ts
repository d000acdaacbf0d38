import { expect, test } from "./support/shared-page";
import { heroHeadline, homeSectionTitles } from "./content";

test("home renders the hero headline and every titled section from content", async ({ sharedPage: page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: heroHeadline() })).toBeVisible();
  for (const title of homeSectionTitles()) {
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: title, exact: true })).toBeAttached();
  }
});

// The server's HTML, head tags, assets and in-page link targets are the same for every viewport.
test.describe("the same on every viewport", () => {
  test.skip(({ isMobile }) => isMobile, "server HTML, head tags and element ids do not depend on the viewport");

  test("server HTML carries the text before any script runs", async ({ request }) => {
    const html = await (await request.get("/")).text();
    // Words are split into spans for the animation; the words themselves are all there.
    for (const word of heroHeadline().split(/\s+/)) expect(html).toContain(word.replace(/'/g, "&#x27;"));
    for (const title of homeSectionTitles()) expect(html).toContain(title.replace(/'/g, "&#x27;"));
  });

  test("home sets title, description and Open Graph tags", async ({ sharedPage: page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/assets\//);
  });

  test("assets are served from /assets", async ({ request }) => {
    const response = await request.get("/assets/atlas-cover.webp");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/webp");
  });

  test("every in-page link on the home page lands on an element", async ({ sharedPage: page }) => {
    await page.goto("/");
    const hrefs = await page.locator('a[href*="#"]').evaluateAll((links) =>
      links
        .map((link) => new URL((link as HTMLAnchorElement).href))
        .filter((url) => url.pathname === "/")
        .map((url) => url.hash.slice(1)),
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const id of new Set(hrefs)) await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1);
  });
});
