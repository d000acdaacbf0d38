import { expect, test } from "./support/shared-page";
import { projectDescriptionStart, projectListAnchor, projectTitle } from "./content";

const ATLAS = "projects/2024/atlas.json";

test("a nested project page renders its title and description", async ({ sharedPage: page }) => {
  const response = await page.goto("/projects/2024/atlas");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: projectTitle(ATLAS) })).toBeVisible();
  await expect(page.getByText(projectDescriptionStart(ATLAS), { exact: false })).toBeVisible();
  await expect(page.getByRole("table", { name: "Key facts" })).toBeAttached();
});

test("clicking a project card opens its page", async ({ sharedPage: page }) => {
  await page.goto("/");
  await page.locator(`#${projectListAnchor()}`).getByRole("link", { name: "Atlas", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/2024\/atlas$/);
  await expect(page.getByRole("heading", { level: 1, name: projectTitle(ATLAS) })).toBeVisible();
});

test("a missing page says which path was not found, with status 404", async ({ sharedPage: page }) => {
  const response = await page.goto("/projects/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /projects/does-not-exist");
});
