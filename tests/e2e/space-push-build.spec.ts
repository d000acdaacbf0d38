/**
 * `portfolio space push` proven by the site itself: the build made from the
 * pushed space (hostile-build.ts) prerenders every page the main build
 * prerendered from the embedded content, with the same HTML but for where
 * assets are served from (the space's asset host instead of /assets/). Ids
 * and uuids are the space's own, and the HTML shows none of them, so any
 * other difference is content the push lost or changed. Its other pages are
 * the stories the test wrote into the space beside the push: the hostile
 * ones and the bulk projects.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "@playwright/test";
import { DEFAULT_LOCALE, LOCALES } from "../../src/i18n/locales";
import { HOSTILE_DIST, hostileBuild } from "./hostile-build";

const ROOT = process.cwd();

function htmlFiles(distDir: string): string[] {
  const pages = join(ROOT, distDir, "server", "pages");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".html")) found.push(relative(pages, path));
    }
  };
  walk(pages);
  return found.sort();
}

/**
 * A page's HTML with what may differ taken out: an asset's URL reduced to its file name
 * (`/assets/x.svg`, `https://site/assets/x.svg` and `http://space-host/f/1/…/x.svg` all become
 * `asset:x.svg`), and the islands script, inline, whose code carries each build's identity (its
 * id, which the new-build reload compares).
 */
function comparable(html: string, spaceOrigin: string): string {
  const escaped = spaceOrigin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return html
    .replace(new RegExp(`${escaped}/[^"'\\s)]*/([^/"'\\s)]+)`, "g"), "asset:$1")
    .replace(/(?:https?:\/\/[^/"'\s]+)?\/assets\/([^/"'\s)]+)/g, "asset:$1")
    .replace(/<script type="module">[^]*?<\/script>/g, '<script type="module">(the islands script)</script>');
}

test.describe("the site built from a space that space push filled", () => {
  test.skip(({ isMobile }) => isMobile, "reads build output only: the desktop project runs it once");
  test.setTimeout(600_000);

  test("prerenders the embedded build's pages, with the same HTML but for asset hosts", async () => {
    const build = await hostileBuild();
    const embedded = htmlFiles(".next");
    expect(embedded.length).toBeGreaterThan(3);
    const fromSpace = htmlFiles(HOSTILE_DIST);
    // The space's own projects, in every language's folder (next build writes each locale's pages under it).
    const onlyInTheSpace = new RegExp(`^(${LOCALES.join("|")})/projects/(bulk/p\\d\\d|hostile[a-z-]*)\\.html$`);
    expect(
      fromSpace.filter((file) => !embedded.includes(file)).every((file) => onlyInTheSpace.test(file)),
      fromSpace.join(", "),
    ).toBe(true);
    for (const file of embedded) {
      expect(fromSpace, `${file} built from the pushed space`).toContain(file);
      const want = comparable(readFileSync(join(ROOT, ".next", "server", "pages", file), "utf8"), build.spaceOrigin);
      const got = comparable(readFileSync(join(ROOT, HOSTILE_DIST, "server", "pages", file), "utf8"), build.spaceOrigin);
      expect(got, `${file} built from the pushed space`).toBe(want);
    }
  });

  test("the pushed space's asset URLs are the space's own, not the embedded /assets/ paths", async () => {
    const build = await hostileBuild();
    const home = readFileSync(join(ROOT, HOSTILE_DIST, "server", "pages", `${DEFAULT_LOCALE}.html`), "utf8");
    expect(home).toContain(`${build.spaceOrigin}/`);
    expect(home).not.toMatch(/["(]\/assets\//);
  });
});
