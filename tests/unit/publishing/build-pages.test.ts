/**
 * The build's pages, known without reading the build's output: listed from
 * the content as `next build` starts (next.config.ts, through its `env`
 * option) and read back by the webhook route. Without a build, none; a value
 * that is not a list of paths is an error, never a quiet empty list.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { builtPages, listBuildPages } from "../../../src/publishing/build-pages";

/** The embedded content's pages: the home page and its five projects. */
const EMBEDDED_PAGES = [
  "/",
  "/projects/2024/atlas",
  "/projects/fieldnotes",
  "/projects/klei-atelier",
  "/projects/ledger-lane",
  "/projects/tidewater",
];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("builtPages", () => {
  it.each([undefined, ""])("no build (%j): no pages", (value) => {
    expect(builtPages(value)).toEqual([]);
  });

  it("reads the list the build inlined", () => {
    expect(builtPages('["/","/projects/a"]')).toEqual(["/", "/projects/a"]);
  });

  it.each([
    ["not JSON", "[", /JSON/],
    ["not a list", '{"/":1}', /SITE_BUILD_PAGES is not a list of page paths/],
    ["not paths", '["/", 3]', /SITE_BUILD_PAGES is not a list of page paths/],
    ["a path without its slash", '["projects/a"]', /SITE_BUILD_PAGES is not a list of page paths/],
  ])("%s: an error", (_name, value, error) => {
    expect(() => builtPages(value)).toThrow(error);
  });
});

describe("listBuildPages", () => {
  it("lists the site's pages from the content, sorted", async () => {
    expect(JSON.parse(await listBuildPages())).toEqual(EMBEDDED_PAGES);
  });
});

describe("next.config.ts", () => {
  /** The config as a phase sees it; the islands script's bundle is taken as made (it is tested on its own). */
  async function configFor(phase: string) {
    vi.stubEnv("SITE_ISLANDS_SCRIPT", "/islands/islands-TEST.js");
    vi.stubEnv("SITE_BUILD_PAGES", undefined);
    vi.stubEnv("SITE_BUILD_IDENTITY", undefined);
    vi.stubEnv("NEXT_PUBLIC_SITE_URL", "https://elena-varga.example");
    const { default: nextConfig } = await import("../../../next.config");
    return nextConfig(phase);
  }

  it("a build inlines the pages it lists as it starts, and hands them down to its workers", async () => {
    const config = await configFor(PHASE_PRODUCTION_BUILD);
    expect(builtPages(config.env?.SITE_BUILD_PAGES)).toEqual(EMBEDDED_PAGES);
    expect(process.env.SITE_BUILD_PAGES).toBe(config.env?.SITE_BUILD_PAGES);
  });

  it("`next start` lists nothing: the build's list is in the code it serves", async () => {
    const config = await configFor(PHASE_PRODUCTION_SERVER);
    expect(config.env).not.toHaveProperty("SITE_BUILD_PAGES");
  });
});
