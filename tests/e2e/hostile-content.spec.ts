/**
 * No story can break the build or a page: the site built with a project whose
 * every value is hostile or malformed (tests/fixtures/hostile-content), and
 * a project relating it. The build succeeds; both pages and the rest of the
 * site are served; in a real browser no script from the content runs (no
 * dialog, no `window.__pwned`), even when its links are hovered and focused.
 * Built by `npm test` before the browser tests (or here when missing), and
 * checked once, in the desktop project (see hostile-build.ts: the same build
 * also carries 40 plain projects, for instances.spec.ts).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { HOSTILE_DIST, hostileBuild, serveHostileSite, type HostileBuild, type HostileSite } from "./hostile-build";

// In order in one worker, on the one build and server beforeAll makes; not serial: the checks do not depend on each
// other, so one failure must not skip the rest (a failure ends the worker; the next test starts on a fresh server).
test.describe.configure({ mode: "default" });

let build: HostileBuild | undefined;
let site: HostileSite | undefined;
const onDesktop = () => test.info().project.name === "desktop";

test.beforeAll(async () => {
  if (!onDesktop()) return;
  test.setTimeout(300_000);
  build = await hostileBuild();
  site = await serveHostileSite();
});

test.afterAll(async () => {
  await site?.close();
});

test.beforeEach(() => {
  test.skip(!onDesktop(), "the hostile build is built and checked once, on desktop");
});

/** Opens a page, records dialogs, and pokes every link and focusable element the way a visitor would. */
async function visit(page: Page, path: string): Promise<string[]> {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  // No request may leave the machine: another site's link or image is answered locally.
  await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: "" }));
  const response = await page.goto(`${site!.url}${path}`, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  await page.locator("a, [tabindex], img, span").evaluateAll((elements) => {
    for (const element of elements) {
      element.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      (element as HTMLElement).focus?.();
    }
  });
  await page.waitForTimeout(200);
  return dialogs;
}

test("the build with the hostile stories succeeds and names what it renders otherwise", () => {
  const log = build!.log;
  // Both prerendered as static HTML (the build's own list: its log names only the slowest pages).
  expect(build!.prerendered).toEqual(expect.arrayContaining(["/projects/hostile", "/projects/hostile-neighbour"]));
  expect(log).toContain(
    "content: projects/hostile shown with changes. blocks skipped: content(project).body[0](hero_section).headline: is required",
  );
  expect(log).toContain('content(project).description.content[1]: attrs.level "7 onclick=alert(1)" is not a whole number from 1 to 6');
  expect(log).toContain("content: projects/hostile shown without what is nested more than 1000 levels deep");
});

// What a serverless function or a container gets: Next.js's output tracing decides it, from what the server's code reads.
test("its standalone output holds the server, what the server reads and the CSS the pages inline: none of the rest of the repository", () => {
  const standalone = join(HOSTILE_DIST, "standalone");
  // content/ (the embedded content), schema/ (which fields the embedded content's CDN translates) and the
  // few sources a server module names; never tests/, .data (the contact store) or .git.
  expect(readdirSync(standalone).sort()).toEqual(
    [HOSTILE_DIST, "content", "node_modules", "package.json", "schema", "server.js", "src"].sort(),
  );
  const css = readdirSync(join(standalone, HOSTILE_DIST, "static", "css"));
  expect(css.length).toBeGreaterThan(0);
  expect(css.every((file) => file.endsWith(".css"))).toBe(true);
});

test("the hostile project renders what is valid and runs no script from its content", async ({ sharedPage: page }) => {
  const dialogs = await visit(page, "/projects/hostile");
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();

  const article = page.locator("main");
  await expect(article.getByText("The last paragraph renders.")).toBeVisible();
  await expect(article.getByText("Children of an unknown node are kept.")).toBeVisible();
  await expect(article.getByText("<script>window.__pwned=1;alert(1)</script>").first()).toBeVisible();
  for (const level of ['"7 onclick=alert(1)"', "0", "-1", "99", "null", "2.5"]) {
    await expect(page.getByRole("heading", { name: `Heading level ${level}`, exact: true }).first()).toBeVisible();
  }
  await expect(article.getByText("too deep to show")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "custom attributes" })).toHaveAttribute("title", "A safe title");

  const unsafe = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName}[${attribute.name}]`);
        if (
          /^(href|src|action|formaction)$/i.test(attribute.name) &&
          /^\s*(javascript|data|vbscript):/i.test(attribute.value.replace(/[\u0000-\u0020]/g, ""))
        ) {
          found.push(`${element.tagName}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
    // No embedding element in the content, and no script but the site's own. The page data and the
    // JSON-LD hold the hostile strings as JSON, never run; JSON-LD must also keep "<" escaped, so no
    // "</script>" in a story's text can end its element early.
    for (const element of Array.from(document.querySelectorAll("main iframe, main object, main embed, main script")))
      found.push(element.outerHTML.slice(0, 120));
    for (const script of Array.from(document.querySelectorAll('script:not(#__NEXT_DATA__):not([type="application/ld+json"])'))) {
      if (script.textContent?.includes("__pwned")) found.push(script.outerHTML.slice(0, 120));
    }
    for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
      if (script.textContent?.includes("<")) found.push(script.outerHTML.slice(0, 120));
    }
    return found;
  });
  expect(unsafe).toEqual([]);
});

test("a project relating the hostile one, and the rest of the site, still render", async ({ sharedPage: page }) => {
  expect(await visit(page, "/projects/hostile-neighbour")).toEqual([]);
  await expect(page.getByRole("heading", { name: "A project that relates the hostile one" })).toBeVisible();
  for (const path of ["/", "/projects/fieldnotes"]) {
    const response = await page.request.get(`${site!.url}${path}`);
    expect(response.status(), path).toBe(200);
  }
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});
