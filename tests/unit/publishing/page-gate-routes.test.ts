/**
 * Every way into a page made on request goes through the page gate
 * (issue 36): each page of src/pages whose getStaticPaths has a fallback
 * is a route the table declares made on request (src/routes/site-routes.ts,
 * which the gate, gated-paths.ts, reads), and the proxy's matcher, which
 * Next.js reads as literals, names it. A new page
 * with a fallback that is not gated fails here, before anyone can spend the
 * content API's budget through it.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { gatedPagePath } from "../../../src/publishing/page-gate/gated-paths";
import { EDITOR_ROUTE, ON_REQUEST_PREFIXES, ON_REQUEST_ROUTES } from "../../../src/routes/site-routes";
import { config } from "../../../src/proxy";

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

const matchers = config.matcher.filter((matcher): matcher is string => typeof matcher === "string");

describe("the gated routes", () => {
  it("every page with a fallback is gated, and the proxy's matcher names it", async () => {
    const withFallback: string[] = [];
    for (const file of await pageFiles(PAGES)) {
      const source = await readFile(file, "utf8");
      if (/getStaticPaths/.test(source) && /fallback:\s*(true|"blocking")/.test(source)) withFallback.push(routePrefix(file));
    }
    expect(withFallback).toEqual(["/projects/"]);
    for (const prefix of withFallback) {
      expect(ON_REQUEST_PREFIXES).toContain(prefix);
      expect(matchers).toContain(`${prefix}:path+`);
    }
  });

  it("the proxy's matcher names exactly the routes the table makes on request, besides its own", () => {
    // The matcher's other string sources: the editor's route (gated too) and the trailing-slash redirect.
    expect(matchers).toEqual([...ON_REQUEST_ROUTES, `${EDITOR_ROUTE}/:path*`, "/(.+)/"]);
  });

  it("the editor's route, rendered for every request, is gated too", () => {
    expect(matchers).toContain(`${EDITOR_ROUTE}/:path*`);
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
