import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { startNextServer, type NextServer } from "../support/next-server";
import { previewEnv } from "./fixtures/preview-setup";
import { SITE_URL } from "./support/site-url";
import { DEFERRED_STYLE_ATTRIBUTE } from "../../src/islands/deferred-styles";

/**
 * `next dev` serves the markup production does, apart from hot reload
 * (issue 23): the same elements, attributes (class names included), text and
 * links on `/`, a project page, `/contact` and a 404. `next dev --webpack`
 * runs on the embedded content with the production server's settings; each
 * page is fetched from both and parsed by Chromium's own HTML parser
 * (DOMParser: no script runs, nothing loads).
 *
 * Left out on each side, by kind, and checked to be only that:
 * - production's islands script: Next.js keeps its runtime in `next dev`
 *   whatever the page config says (it reads `unstable_runtimeJS` only when
 *   NODE_ENV is production), so a dev page hydrates instead;
 * - Next.js's scripts and page data, which `next dev` adds for that;
 * - the stylesheets: production inlines Next.js's CSS files, each beside its
 *   disabled link (src/document/InlineCssHead.tsx), `next dev` inserts the same
 *   CSS from its scripts, for hot reload, behind a style that hides the page
 *   until then. A published page inlines only its first screen's rules and
 *   loads the whole file after the first frame, with a <noscript> link for
 *   readers without scripts (src/islands/deferred-styles.ts).
 */

const PAGES = [
  { path: "/", status: 200 },
  { path: "/projects/2024/atlas", status: 200 },
  { path: "/contact", status: 200 },
  { path: "/no-such-page", status: 404 },
];

/** `next dev` writes next-env.d.ts for its own folder; the checkout's is put back afterwards. */
const NEXT_ENV = join(process.cwd(), "next-env.d.ts");

interface Markup {
  /** One line a node: an element with its attributes sorted, or a text. */
  lines: string[];
  /** The kinds of element left out (see above). */
  leftOut: string[];
}

/** The document as lines, parsed in the browser, without the elements only one of the two servers sends by design. */
function markupOf(page: Page, html: string): Promise<Markup> {
  return page.evaluate((source) => {
    const leftOutKind = (element: Element): string | undefined => {
      const src = element.getAttribute("src") ?? "";
      const href = element.getAttribute("href") ?? "";
      if (element.localName === "script" && element.id === "__NEXT_DATA__") return "Next.js's page data";
      if (element.localName === "script" && src.startsWith("/_next/")) return "Next.js's script";
      // Inline (src/islands/build-islands.ts): it imports the contact form's chunk by its address.
      if (
        element.localName === "script" &&
        !src &&
        element.getAttribute("type") === "module" &&
        /import\("\/islands\/chunks\//.test(element.textContent ?? "")
      )
        return "the islands script";
      if (element.localName === "link" && href.startsWith("/_next/static/css/")) return "a stylesheet file";
      const onlyChild = element.children.length === 1 ? element.children[0]! : undefined;
      if (
        element.localName === "noscript" &&
        onlyChild?.localName === "link" &&
        (onlyChild.getAttribute("href") ?? "").startsWith("/_next/static/css/")
      )
        return "a stylesheet file, for readers without scripts";
      if (element.localName === "style" && (element.getAttribute("data-href") ?? "").startsWith("/_next/static/css/"))
        return "a stylesheet file, inlined";
      if (element.hasAttribute("data-next-hide-fouc") || element.id === "__next_css__DO_NOT_USE__") return "next dev's style loading";
      return undefined;
    };
    const lines: string[] = [];
    const leftOut: string[] = [];
    const walk = (parent: ParentNode, depth: number) => {
      for (const node of parent.childNodes) {
        const indent = "  ".repeat(depth);
        if (node instanceof Element) {
          const kind = leftOutKind(node);
          if (kind) {
            leftOut.push(kind);
            continue;
          }
          const attributes = [...node.attributes].map((attribute) => ` ${attribute.name}="${attribute.value}"`).sort();
          lines.push(`${indent}<${node.localName}${attributes.join("")}>`);
          walk(node, depth + 1);
        } else if (node instanceof Text) {
          const text = node.data.replace(/\s+/g, " ").trim();
          if (text) lines.push(`${indent}${text}`);
        }
      }
    };
    walk(new DOMParser().parseFromString(source, "text/html"), 0);
    return { lines, leftOut: [...new Set(leftOut)].sort() };
  }, html);
}

// In order, in one worker, so one `next dev` serves them all; a page's first request compiles it.
test.describe.configure({ mode: "default", timeout: 180_000 });

let dev: NextServer | undefined;
/** Set once the desktop project's beforeAll starts: afterAll undoes only what it did. */
let dataDir: string | undefined;
let nextEnv: string | undefined;

test.beforeAll(async ({}, testInfo) => {
  // Server markup does not depend on the viewport, and Next.js allows one `next dev` a project.
  test.skip(testInfo.project.name !== "desktop", "server markup: the desktop project checks it");
  // `next dev` compiles what its first request needs: most of a minute on a busy two-core machine.
  test.setTimeout(180_000);
  nextEnv = existsSync(NEXT_ENV) ? readFileSync(NEXT_ENV, "utf8") : undefined;
  dataDir = mkdtempSync(join(tmpdir(), "dev-markup-"));
  dev = await startNextServer({
    mode: "dev",
    distDir: ".next-e2e-dev",
    timeoutMs: 120_000,
    // The production server's settings (playwright.config.ts) and the public origin it was built with.
    env: { ...previewEnv(), NEXT_PUBLIC_SITE_URL: SITE_URL, CONTACT_DB: join(dataDir, "contact.sqlite") },
  });
});

test.afterAll(async () => {
  if (!dataDir) return;
  await dev?.stop();
  if (nextEnv === undefined) rmSync(NEXT_ENV, { force: true });
  else writeFileSync(NEXT_ENV, nextEnv);
  rmSync(dataDir, { recursive: true, force: true });
});

for (const { path, status } of PAGES) {
  test(`${path}: next dev serves production's markup, apart from hot reload`, async ({ sharedPage: page, request }) => {
    const production = await request.get(path);
    const server = dev!;
    const development = await request.get(`${server.url}${path}`);
    expect(production.status()).toBe(status);
    expect(development.status(), server.output()).toBe(status);
    const productionHtml = await production.text();
    const [built, served] = [await markupOf(page, productionHtml), await markupOf(page, await development.text())];
    expect(built.lines.length).toBeGreaterThan(100);
    expect(served.lines).toEqual(built.lines);
    const deferred = productionHtml.includes(DEFERRED_STYLE_ATTRIBUTE) ? ["a stylesheet file, for readers without scripts"] : [];
    expect(built.leftOut).toEqual(["a stylesheet file", ...deferred, "a stylesheet file, inlined", "the islands script"]);
    expect(served.leftOut).toEqual(["Next.js's page data", "Next.js's script", "next dev's style loading"]);
  });
}
