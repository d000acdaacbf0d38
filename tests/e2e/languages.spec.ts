import { gzipSync } from "node:zlib";
import { expect, test } from "./support/shared-page";
import { startingScripts } from "./support/page-scripts";
import { SITE_URL } from "./support/site-url";

/**
 * The site in two languages (docs/languages.md): English at `/`, Dutch at
 * `/nl`, a switcher of plain links, SEO per language, a 404 for a language
 * the site does not have, the contact form's messages in the page's language.
 */

const DUTCH_PROJECT = "/nl/projects/tidewater";

test.describe("served per language", () => {
  test.skip(({ isMobile }) => isMobile, "server answers do not depend on the viewport");

  test("/ is English and /nl Dutch, by address only: no redirect by Accept-Language", async ({ request }) => {
    const english = await request.get("/", { headers: { "accept-language": "nl-NL,nl;q=0.9" }, maxRedirects: 0 });
    expect(english.status()).toBe(200);
    expect(await english.text()).toMatch(/<html lang="en"/);
    const dutch = await request.get("/nl", { headers: { "accept-language": "en-US" }, maxRedirects: 0 });
    expect(dutch.status()).toBe(200);
    expect(await dutch.text()).toMatch(/<html lang="nl"/);
  });

  test("a project page in Dutch shows the Dutch translation, and its untranslated fields in English", async ({ request }) => {
    const html = await (await request.get(DUTCH_PROJECT)).text();
    expect(html).toMatch(/<html lang="nl"/);
    expect(html).toContain("Tidewater: live dashboard met hoogwatersensoren");
    const english = await (await request.get("/projects/tidewater")).text();
    expect(english).not.toContain("met hoogwatersensoren");
  });

  test("canonical, hreflang alternates and x-default on both versions", async ({ request }) => {
    for (const path of ["/projects/tidewater", DUTCH_PROJECT]) {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${path}"`);
      expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${SITE_URL}/projects/tidewater"`);
      expect(html).toContain(`<link rel="alternate" hrefLang="nl" href="${SITE_URL}${DUTCH_PROJECT}"`);
      expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${SITE_URL}/projects/tidewater"`);
    }
    const home = await (await request.get("/nl")).text();
    expect(home).toContain(`<link rel="canonical" href="${SITE_URL}/nl"`);
    const ld = [...(await (await request.get(DUTCH_PROJECT)).text()).matchAll(/application\/ld\+json"[^>]*>([^<]*)</g)].map(
      (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
    );
    expect(ld).toContainEqual(expect.objectContaining({ "@type": "CreativeWork", inLanguage: "nl", url: `${SITE_URL}${DUTCH_PROJECT}` }));
  });

  test("the sitemap lists every page in both languages, each with its alternates", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${SITE_URL}/nl`);
    expect(locs).toContain(`${SITE_URL}${DUTCH_PROJECT}`);
    expect(locs.filter((loc) => loc?.startsWith(`${SITE_URL}/nl`)).length * 2).toBe(locs.length);
    const entry = xml.split("<url>").find((part) => part.includes(`<loc>${SITE_URL}${DUTCH_PROJECT}</loc>`)) ?? "";
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE_URL}/projects/tidewater"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE_URL}/projects/tidewater"/>`);
    for (const loc of locs.filter((loc) => loc?.startsWith(`${SITE_URL}/nl`)))
      expect((await request.get(loc!.slice(SITE_URL.length))).status(), loc).toBe(200);
  });

  test("a language the site does not have is the ordinary 404, with the same headers", async ({ request }) => {
    const unknown = await request.get("/projects/no-such-project");
    for (const path of ["/de", "/de/projects/tidewater", "/nl/projects/no-such-project"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      for (const header of ["content-security-policy", "x-content-type-options", "referrer-policy", "cache-control"])
        expect(response.headers()[header], `${path} ${header}`).toBe(unknown.headers()[header]);
    }
    const dutch = await (await request.get("/nl/projects/no-such-project")).text();
    expect(dutch).toContain("Pagina niet gevonden: /nl/projects/no-such-project");
  });

  test("the Dutch pages start with at most 10 KiB of JavaScript, as the English do", async ({ request }) => {
    for (const path of ["/nl", DUTCH_PROJECT]) {
      const html = await (await request.get(path)).text();
      const scripts = await startingScripts(async (src) => (await request.get(src)).text(), html);
      const bytes = [...scripts.values()].reduce((sum, code) => sum + gzipSync(code).length, 0);
      expect(bytes, path).toBeLessThanOrEqual(10 * 1024);
    }
  });
});

test("the switcher: plain links to the same page in the other language, current one marked, keyboard reachable", async ({
  sharedPage: page,
}) => {
  await page.goto(DUTCH_PROJECT);
  const switcher = page.getByRole("navigation", { name: "Taal" });
  const english = switcher.getByRole("link", { name: "English" });
  const dutch = switcher.getByRole("link", { name: "Nederlands" });
  await expect(english).toHaveAttribute("href", "/projects/tidewater");
  await expect(english).toHaveAttribute("lang", "en");
  await expect(english).toHaveAttribute("hreflang", "en");
  await expect(dutch).toHaveAttribute("aria-current", "true");
  await expect(english).toBeVisible();
  await english.focus();
  // A visible focus ring.
  expect(await english.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/projects\/tidewater$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "English" })).toHaveAttribute(
    "aria-current",
    "true",
  );
});

test("the contact form's messages are in Dutch on a Dutch page", async ({ sharedPage: page }) => {
  await page.goto("/nl");
  const form = page.locator("form[action='/nl/contact#contact']");
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute("data-interactive", "");
  await form.getByRole("button").last().click();
  await expect(form.getByRole("status")).toHaveText("Sorry, niet alle velden zijn goed ingevuld.");
  await expect(form.getByText(/is verplicht\.$/).first()).toBeVisible();
});

test.describe("the server answers in the language the form was posted from", () => {
  test.skip(({ isMobile }) => isMobile, "server answers do not depend on the viewport");

  test("a no-JavaScript post from /nl is answered in Dutch", async ({ request }) => {
    const response = await request.post("/nl/contact", {
      form: { contact_locale: "nl" },
      maxRedirects: 0,
    });
    const html = await response.text();
    expect(response.status(), html.slice(0, 200)).toBe(422);
    expect(html).toMatch(/<html lang="nl"/);
    expect(html).toContain("Sorry, niet alle velden zijn goed ingevuld.");
  });

  test("/api/contact answers in the posted locale, and never in one the site does not have", async ({ request }) => {
    const dutch = await request.post("/api/contact", { data: { contact_locale: "nl" } });
    expect(dutch.status()).toBe(422);
    expect(JSON.stringify(await dutch.json())).toContain("is verplicht.");
    const unknown = await request.post("/api/contact", { data: { contact_locale: "de" } });
    expect(JSON.stringify(await unknown.json())).toContain("is required.");
  });
});
