import { expect, test } from "./support/shared-page";
import { gotoHydrated } from "./support/hydrated";

/**
 * Icons render as inline SVG, and never take a control's name away: an icon
 * beside words is hidden from assistive technology, an icon alone is an
 * image with a name, and every link or button holding one has a name.
 */
for (const path of ["/", "/projects/2024/atlas"]) {
  test(`${path}: every icon is inline SVG, hidden or named, inside a named control`, async ({ sharedPage: page }) => {
    await page.goto(path);
    const report = await page.evaluate(() => {
      const svgs = Array.from(document.querySelectorAll("a svg, button svg, main svg, header svg, footer svg"));
      const unnamed: string[] = [];
      for (const svg of svgs) {
        const hidden = svg.getAttribute("aria-hidden") === "true";
        const named = svg.getAttribute("role") === "img" && (svg.getAttribute("aria-label") ?? "").trim() !== "";
        if (!hidden && !named) unnamed.push(svg.outerHTML.slice(0, 80));
      }
      return { count: svgs.length, unnamed, shapes: svgs.every((svg) => svg.childElementCount > 0) };
    });
    expect(report.count).toBeGreaterThan(0);
    expect(report.shapes).toBe(true);
    expect(report.unnamed).toEqual([]);
    const controls = page.locator("a:has(svg), button:has(svg)").filter({ visible: true });
    const total = await controls.count();
    expect(total).toBeGreaterThan(0);
    for (let index = 0; index < total; index += 1) {
      await expect(controls.nth(index)).toHaveAccessibleName(/\S/);
    }
  });
}

test("phone: the menu button shows Lucide's menu icon, then its close icon, and keeps its name", async ({ sharedPage: page, isMobile }) => {
  test.skip(!isMobile, "the menu button shows on phones only");
  await gotoHydrated(page, "/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  // Both icons are in the markup; the stylesheet shows the one aria-expanded says (src/ui/menu-toggle.ts).
  const path = () => toggle.locator("svg:visible path").first().getAttribute("d");
  const menu = await path();
  await toggle.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close.locator("svg:visible")).toHaveCount(1);
  expect(await close.locator("svg:visible path").first().getAttribute("d")).not.toBe(menu);
});
