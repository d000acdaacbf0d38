import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { gotoHydrated } from "./support/hydrated";

/** What the focused element shows: its computed outline and box-shadow, and a label for messages. */
async function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      label: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim()}"`,
      // The site header is the <header> outside <main> (sections have headers of their own).
      inHeader: element.closest("header") !== null && element.closest("main") === null,
      expanded: element.getAttribute("aria-expanded"),
      outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== "none",
    };
  });
}

test("Tab from the top of the home page reaches the skip link first, and it moves focus to <main>", async ({ sharedPage: page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  // Hidden until focused, then on screen for the reader who asked for it.
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("every control reached by tabbing through the header shows a focus indicator", async ({ sharedPage: page }) => {
  await gotoHydrated(page, "/");
  const banner = page.getByRole("banner");
  const visibleControls = banner.locator("a:visible, button:visible");
  await page.keyboard.press("Tab"); // the skip link, checked above

  const reached: string[] = [];
  const unmarked: string[] = [];
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press("Tab");
    const focused = await focusedElement(page);
    if (!focused?.inHeader) break;
    reached.push(focused.label);
    if (!focused.outline && !focused.shadow) unmarked.push(focused.label);
    // Phones: open the menu from the keyboard and go on through its links.
    if (focused.expanded === "false") {
      await page.keyboard.press("Enter");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    }
  }

  expect(unmarked, `without a visible focus indicator (reached: ${reached.join(", ")})`).toEqual([]);
  // Every visible link and button in the header was reached, the menu's included.
  expect(reached).toHaveLength(await visibleControls.count());
});

test("phone (375 px): Escape closes the menu and gives focus back to its button", async ({ sharedPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(nav).toBeVisible();
  // From inside the menu, as a keyboard user would be.
  await nav.getByRole("link").first().focus();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});
