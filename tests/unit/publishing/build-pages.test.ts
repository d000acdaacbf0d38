/**
 * The build's pages from its prerender manifest: the site's page paths only,
 * an unreadable manifest said once and taken as no pages, and, when this
 * checkout has a build, that build's manifest still has the shape read
 * (a Next.js upgrade that changes it fails here, not silently in production).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPagesReader, pagesInManifest } from "../../../src/publishing/build-pages";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "build-pages-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("pagesInManifest", () => {
  it("keeps `/` and project pages, sorted; leaves out what is not a story's page", () => {
    const routes = Object.fromEntries(["/projects/fieldnotes", "/", "/projects/2024/atlas", "/sitemap.xml", "/contact", "/projects", "/projects/"].map((path) => [path, {}]));
    expect(pagesInManifest({ version: 4, routes })).toEqual(["/", "/projects/2024/atlas", "/projects/fieldnotes"]);
  });

  it.each([null, {}, { routes: "x" }])("no routes object (%j): an error", (manifest) => {
    expect(() => pagesInManifest(manifest)).toThrow("it has no routes object");
  });
});

describe("buildPagesReader", () => {
  it("reads the manifest once", async () => {
    const build = join(dir, "ok");
    await mkdir(build);
    await writeFile(join(build, "prerender-manifest.json"), JSON.stringify({ routes: { "/": {}, "/projects/a": {} } }));
    const read = buildPagesReader(build);
    expect(await read()).toEqual(["/", "/projects/a"]);
    await rm(join(build, "prerender-manifest.json"));
    expect(await read()).toEqual(["/", "/projects/a"]);
  });

  it.each([
    ["missing", undefined, "ENOENT"],
    ["not JSON", "{", "JSON"],
    ["another shape", JSON.stringify({ pages: [] }), "it has no routes object"],
  ])("%s: no pages, one log line", async (name, text, reason) => {
    const build = join(dir, name.replace(/ /g, "-"));
    await mkdir(build);
    if (text !== undefined) await writeFile(join(build, "prerender-manifest.json"), text);
    const logs: string[] = [];
    const read = buildPagesReader(build, (line) => logs.push(line));
    expect(await read()).toEqual([]);
    expect(await read()).toEqual([]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(join(build, "prerender-manifest.json"));
    expect(logs[0]).toContain(reason);
  });
});

const built = resolve(".next/prerender-manifest.json");
describe.skipIf(!existsSync(built))("this checkout's build (.next)", () => {
  it("its manifest lists the home page and the embedded projects", async () => {
    const pages = await buildPagesReader(resolve(".next"))();
    expect(pages).toEqual(expect.arrayContaining(["/", "/projects/2024/atlas", "/projects/fieldnotes"]));
  });
});
