import { expect, test, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { inlineModules } from "./support/page-scripts";
import { displayFontHeadScript } from "../../src/document/display-font-flag";

/** The directives of a CSP header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

test.describe("headers on every response", () => {
  test.skip(({ isMobile }) => isMobile, "headers do not depend on the viewport");

  const PATHS = [
    "/",
    "/projects/2024/atlas",
    "/projects/no-such-project",
    "/robots.txt",
    "/sitemap.xml",
    "/favicon.ico",
    "/assets/og-default.png",
  ];

  for (const path of PATHS) {
    test(`${path}`, async ({ request }) => {
      const headers = (await request.get(path)).headers();
      const csp = directives(headers["content-security-policy"] ?? "");
      expect(csp.get("script-src")).toContain("'self'");
      expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
      expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["permissions-policy"]).toContain("camera=()");
    });
  }

  test("the site's scripts carry the headers too, and are cached for good under their content's name", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const [islands] = inlineModules(html);
    expect(islands).toBeTruthy();
    // The chunk the (inline) islands script imports once the first frame is out: the rest of the page's script.
    const chunk = /import\(["'](\/islands\/chunks\/[\w-]+\.js)["']\)/.exec(islands ?? "")?.[1];
    expect(chunk).toBeTruthy();
    for (const src of [chunk ?? ""]) {
      const response = await request.get(src);
      expect(response.status(), src).toBe(200);
      const headers = response.headers();
      expect(headers["content-type"], src).toContain("javascript");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      // Never a document: if one is opened directly, nothing in it may load or run.
      expect(headers["content-security-policy"]).toBe("default-src 'none'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'");
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  for (const path of ["/", "/projects/2024/atlas", "/contact", "/no-such-page"]) {
    test(`${path}: scripts from the site only, and two inline scripts, the display font's and the islands script, allowed by their hashes`, async ({
      request,
    }) => {
      const response = await request.get(path);
      const csp = directives(response.headers()["content-security-policy"] ?? "");
      // JSON data blocks (JSON-LD) aside, every script without a src: what would run inline.
      const html = await response.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([^]*?)<\/script>/g)].map(
        (match) => match[1]!,
      );
      // The head's one classic script (src/document/display-font-flag.ts), then the islands module.
      expect(inline).toEqual([displayFontHeadScript(), ...inlineModules(html)]);
      expect(inline).toHaveLength(2);
      // The policy names those texts' hashes, computed here from what was served, and nothing else inline.
      const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
      expect(csp.get("script-src")).toEqual(["'self'", ...inline.map(hash)]);
    });
  }
});

/** Records CSP violations (the event and the console's report) from before the first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(window, "__cspViolations", seen);
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  return async () => [...((await page.evaluate(() => Reflect.get(window, "__cspViolations"))) as string[]), ...fromConsole];
}

for (const path of ["/", "/projects/2024/atlas", "/projects/tidewater", "/projects/no-such-project"]) {
  test(`${path} runs under the policy without a single violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(path, { waitUntil: "networkidle" });
    for (let y = 0; y < 6; y += 1) await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    // An inline script without its hash would be blocked and reported here too.
    expect(await violations()).toEqual([]);
  });
}

test.describe("the watcher", () => {
  test.skip(({ isMobile }) => isMobile, "a check of the test's own watcher: one project is enough");

  test("the watcher sees a violation when there is one: an injected inline script is blocked", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
    });
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src/), expect.stringMatching(/Content Security Policy/)]);
    expect(await page.evaluate(() => Reflect.get(window, "__injected"))).toBeUndefined();
  });
});
