import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { headerLogoText } from "./content";
import { scrollThrough } from "./support/scroll-through";

/** WCAG 2.0 and 2.1, levels A and AA: what the site promises every visitor. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const PAGES = [
  { name: "home", path: "/" },
  { name: "nested project", path: "/projects/2024/atlas" },
  { name: "project", path: "/projects/tidewater" },
  { name: "404", path: "/projects/does-not-exist" },
];

/**
 * Runs axe on the page as it is and returns one line per failing element:
 * rule id, impact, what the rule asks, the element's selector and axe's
 * finding (a contrast ratio, a missing name), so a failed assertion explains
 * itself without a rerun. `rules` narrows the rules, `within` the elements
 * checked (a CSS selector; the rest of the document still counts, e.g. for
 * an element's background or a duplicate id).
 */
async function axeViolations(page: Page, { rules, within }: { rules?: readonly string[]; within?: string } = {}): Promise<string[]> {
  // A reveal or an entrance still fading measures as text too faint to read: axe sees the page at rest.
  // One cancelled meanwhile (its element re-rendered) is at rest too: its `finished` rejects, as in support/scroll-through.ts.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  // Legacy mode runs axe in the page itself. The default runs it per frame and then merges the
  // results in a new blank page, a new page per check (about a second of Chromium each); the
  // site's pages have no frames.
  let builder = new AxeBuilder({ page }).setLegacyMode().withTags(WCAG_TAGS);
  if (rules) builder = builder.withRules([...rules]);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const findings = [...node.any, ...node.all, ...node.none].map((check) => check.message).join("; ");
      return `${violation.id} (${violation.impact ?? "unknown"}): ${violation.help} — ${node.target.join(" ")} — ${findings}`;
    }),
  );
}

/**
 * axe leaves text over a gradient unchecked (an "incomplete" result, not a
 * violation): it let light text on a light glow through once. The site's
 * gradients are corner glows whose first stop is the strongest, so this
 * paints each one as that stop laid over its base colour; text that passes
 * there passes anywhere on the glow. Only backgrounds change, so one axe run
 * after it checks every rule, and text over a glow at the glow's strongest.
 */
async function flattenGradients(page: Page) {
  await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext("2d", { willReadFrequently: true });
    if (!paint) throw new Error("no 2D canvas to mix colours with");
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const style = getComputedStyle(element);
      if (!style.backgroundImage.includes("gradient(")) continue;
      // Chrome resolves color-mix() in computed styles, e.g. color(srgb 0.49 0.18 0.07 / 0.22).
      const firstStop = /\b(?:rgba?|color|hsla?|oklch|oklab|lab|lch)\([^)]*\)/.exec(style.backgroundImage)?.[0];
      if (!firstStop) continue;
      paint.clearRect(0, 0, 1, 1);
      for (const layer of [style.backgroundColor, firstStop]) {
        paint.fillStyle = layer;
        paint.fillRect(0, 0, 1, 1);
      }
      const [red = 0, green = 0, blue = 0, alpha = 255] = paint.getImageData(0, 0, 1, 1).data;
      element.style.backgroundImage = "none";
      element.style.backgroundColor = `rgb(${red} ${green} ${blue} / ${alpha / 255})`;
    }
  });
}

for (const { name, path } of PAGES) {
  test(`axe finds no WCAG A/AA violation on the ${name} page (${path})`, async ({ sharedPage: page }) => {
    await page.goto(path, { waitUntil: "networkidle" });
    await scrollThrough(page);
    await flattenGradients(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("axe finds no violation while the contact form shows its errors", async ({ sharedPage: page }) => {
  await page.goto("/#contact", { waitUntil: "networkidle" });
  const form = page.locator("#contact form");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(form.getByRole("status")).toHaveText("Sorry, not all fields are filled out correctly.");
  // The errors change the contact section only (messages, aria-invalid, the status line, focus): the rest of
  // the page is the one the home page's test above checks whole, scrolled through and at rest.
  expect(await axeViolations(page, { within: "#contact" })).toEqual([]);
});

test("phone: axe finds no violation with the menu open", async ({ sharedPage: page, isMobile }) => {
  test.skip(!isMobile, "the menu collapses on phones only");
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

// Each page once more under a visitor's OS settings, each on the viewport where it can change
// something. The site has no OS-driven dark scheme (dark sections are chosen in content and checked
// above; no style or script reads the preference), so a dark preference can only reach the
// browser's own colours, the same at any width: the desktop project proves it leaves nothing
// unreadable. Reduced motion turns off the scroll reveals and the headline's entrance on every
// screen, and the menu button's transition, which only phones show: the phone project runs it.
// A preference that can only change colours is checked with the rules that read colours; reduced
// motion can change what is shown at all (reveals, the entrance), so every rule runs under it.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
for (const [setting, options, project, rules] of [
  ["prefers-color-scheme: dark", { colorScheme: "dark" }, "desktop", COLOUR_RULES],
  ["prefers-reduced-motion: reduce", { reducedMotion: "reduce" }, "phone", undefined],
] as const) {
  test.describe(`with ${setting}`, () => {
    test.skip(({ isMobile }) => isMobile !== (project === "phone"), `the ${project} project runs it`);

    test("axe finds no violation on any page", async ({ sharedPage: page }) => {
      // Four full axe runs in one test: three times the per-test budget, so a busy machine does not fail it.
      test.slow();
      // The media features the setting changes, as the context option would set them (undone after the test).
      await page.emulateMedia(options);
      const found: string[] = [];
      for (const { path } of PAGES) {
        await page.goto(path, { waitUntil: "networkidle" });
        await scrollThrough(page);
        found.push(...(await axeViolations(page, { rules })).map((line) => `${path}: ${line}`));
      }
      expect(found).toEqual([]);
    });
  });
}

test("the header's home link is named by the site name alone, its logo beside it is decorative", async ({ sharedPage: page }) => {
  await page.goto("/");
  const home = page.getByRole("banner").getByRole("link").first();
  await expect(home).toHaveAccessibleName(headerLogoText());
  await expect(home.locator("img")).toHaveAttribute("alt", "");
});
