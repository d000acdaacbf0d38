/**
 * Every way into a page made on request goes through the page gate
 * (issue 36): each page of src/pages whose getStaticPaths has a fallback
 * is a route the table declares made on request (src/routes/site-routes.ts,
 * which the gate, gated-paths.ts, reads), and the server's door judges an
 * ordinary visit to it (publishing/page-gate/gate-door.ts), in every language
 * and as its /_next/data JSON, while the proxy, by Next.js's own matching of
 * its matcher, does not run for it (issue 58: the proxy cost a cached project
 * page 35–45 % of its throughput). The proxy still runs for the editor's
 * route, for framed and draft-mode requests (which the door leaves to it),
 * and for nothing an ordinary visit to a page, an API route or a file asks
 * for. The matcher names no page route (issue 57: the route is declared
 * once). A new page with a fallback that is not gated fails here, before
 * anyone can spend the content API's budget through it.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gatedPagePath } from "../../../src/publishing/page-gate/gated-paths";
import { doorRequest } from "../../../src/publishing/page-gate/gate-door";
import { EDITOR_ROUTE, ON_REQUEST_PREFIXES } from "../../../src/routes/site-routes";
import { DEFAULT_LOCALE, LOCALES } from "../../../src/i18n/locales";
import { config } from "../../../src/proxy";
import { proxyRunsFor } from "../../support/proxy-runs-for";

const PAGES = join(process.cwd(), "src/pages");

async function pageFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? pageFiles(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat().filter((file) => /\.tsx?$/.test(file));
}

/** `/projects/` for src/pages/projects/[...slug].tsx: the fixed part of the route before its first parameter. */
function routePrefix(file: string): string {
  const route = `/${relative(PAGES, file).replace(/\.tsx?$/, "")}`;
  return route.slice(0, route.indexOf("["));
}

/** The pages made on request, as the gate's test asks for them: nested, flooded, and a slug no story can have. */
const GATED_PAGES = ON_REQUEST_PREFIXES.flatMap((prefix) => [
  `${prefix}x`,
  `${prefix}2024/atlas`,
  `${prefix}flood-17-x`,
  `${prefix}caf%C3%A9`,
  `${prefix}a.b`,
]);
/** What an ordinary visit must reach without the proxy: the home pages, static pages, their JSON, API routes and files. */
const UNGATED = [
  "/en",
  "/nl",
  "/en/contact",
  "/_next/data/build-id/en.json",
  "/_next/data/build-id/en/contact.json",
  "/en/api/contact",
  "/en/api/preview/exit",
  "/_next/static/chunks/main.js",
  "/en/_next/static/css/app.css",
  "/en/assets/atlas-cover.webp",
  "/en/fonts/fraunces-600-core.e090b8784e.woff2",
  "/en/favicon.ico",
  "/en/sitemap.xml",
];
const asked = [
  ...LOCALES.flatMap((locale) => GATED_PAGES.flatMap((page) => [`/${locale}${page}`, `/_next/data/build-id/${locale}${page}.json`])),
  `/${DEFAULT_LOCALE}${EDITOR_ROUTE}`,
  `/${DEFAULT_LOCALE}${EDITOR_ROUTE}/projects/x`,
  "/en/contact/",
  ...UNGATED,
];
let runs: Map<string, boolean>;
beforeAll(() => {
  runs = proxyRunsFor(asked);
});

describe("the gated routes", () => {
  it("every page with a fallback is gated at the door, in every language and as its JSON, and the proxy does not run for it", async () => {
    const withFallback: string[] = [];
    for (const file of await pageFiles(PAGES)) {
      const source = await readFile(file, "utf8");
      if (/getStaticPaths/.test(source) && /fallback:\s*(true|"blocking")/.test(source)) withFallback.push(routePrefix(file));
    }
    expect(withFallback).toEqual(["/projects/"]);
    for (const prefix of withFallback) {
      expect(ON_REQUEST_PREFIXES).toContain(prefix);
      for (const page of GATED_PAGES.filter((path) => path.startsWith(prefix))) {
        const gated = gatedPagePath(page);
        for (const locale of LOCALES) {
          const json = `/_next/data/build-id/${locale}${page}.json`;
          expect(doorRequest(`/${locale}${page}`)?.page, `/${locale}${page}`).toBe(gated);
          expect(doorRequest(json)?.page, json).toBe(gated);
          expect(runs.get(`/${locale}${page}`), `the proxy for /${locale}${page}`).toBe(false);
          expect(runs.get(json), `the proxy for ${json}`).toBe(false);
        }
        expect(doorRequest(page)?.page).toBe(gated);
      }
    }
  });

  it("the matcher names no page route, and a folder no kind declares is not gated", () => {
    const sources = config.matcher.map((matcher) => (typeof matcher === "string" ? matcher : matcher.source));
    for (const prefix of ON_REQUEST_PREFIXES) expect(sources.some((source) => source.includes(prefix.slice(1)))).toBe(false);
    expect(doorRequest("/posts/x")).toBeUndefined();
    expect(gatedPagePath("/posts/x")).toBeUndefined();
  });

  it("the editor's route, rendered for every request, is gated too", () => {
    for (const path of [EDITOR_ROUTE, `${EDITOR_ROUTE}/projects/x`]) {
      expect(runs.get(`/${DEFAULT_LOCALE}${path}`), path).toBe(true);
      expect(gatedPagePath(path)).toBeDefined();
    }
  });

  it.each(UNGATED)("an ordinary visit to %s does not run the proxy", (path) => {
    expect(runs.get(path)).toBe(false);
  });

  it("an address that ends in a slash runs it, for the redirect", () => {
    expect(runs.get("/en/contact/")).toBe(true);
  });

  it.each<[string, string | undefined]>([
    ["/projects/fieldnotes", "/projects/fieldnotes"],
    ["/projects/2024/atlas", "/projects/2024/atlas"],
    ["/projects/caf%C3%A9", "/projects/café"],
    ["/editor", "/"],
    ["/editor/projects/x", "/projects/x"],
    ["/editor/other", "/other"],
    ["/projects/%zz", undefined],
    ["/", undefined],
    ["/contact", undefined],
    ["/sitemap.xml", undefined],
  ])("%s → %s", (pathname, page) => {
    expect(gatedPagePath(pathname)).toBe(page);
  });
});
