/**
 * The islands script's bundle (src/islands/build-islands.ts), built by the
 * real esbuild from the real entry into a folder of its own:
 *   - the entry's code, for the pages to carry inline, safe inside <script>;
 *   - content-hashed names for its chunks, the same for the same code;
 *   - the rest of the page's script in a chunk the entry imports, and the
 *     contact form's code (and React) in one that chunk imports on demand;
 *   - CSS Modules give the class names the site's Next.js build gives;
 *   - the build's id inlined for the new-build reload;
 *   - files of earlier builds kept a while, then removed.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as esbuild from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { buildIslands, inlineScript, ISLANDS_URL_PATH, type IslandsBuild } from "../../../src/islands/build-islands";
import { declaredClassNames } from "../../../src/islands/css-module-names";
import { shortClassName } from "../../../src/document/short-class-names";

const root = resolve(__dirname, "../../..");
const folders: string[] = [];
const className = (file: string, local: string) => shortClassName({ rootContext: root, resourcePath: file }, "", local);

async function build(
  buildId = "build-1",
  outdir = mkdtempSync(join(tmpdir(), "islands-")),
): Promise<{ outdir: string; result: IslandsBuild }> {
  folders.push(outdir);
  return { outdir, result: await buildIslands({ root, buildId, esbuild, className, outdir }) };
}

const fileOf = (outdir: string, address: string) => join(outdir, address.slice(ISLANDS_URL_PATH.length + 1));

afterAll(async () => {
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  // esbuild's service process lives as long as the process that started it, which may run other files next.
  await esbuild.stop();
});

describe("buildIslands", () => {
  it("gives the entry's code for the pages to carry inline, writes no file of it, and names its chunks by their content's hash", async () => {
    const first = await build();
    const second = await build();
    expect(second.result.script).toBe(first.result.script);
    expect(second.result.files.sort()).toEqual(first.result.files.sort());
    expect(first.result.files.every((file) => /^\/islands\/chunks\/[\w-]+-[A-Z0-9]{8}\.js$/.test(file))).toBe(true);
    expect(readdirSync(first.outdir)).toEqual(["chunks"]);
    // Another build id is other code (it is inlined).
    const other = await build("build-2");
    expect(other.result.script).toContain('"build-2"');
    expect(other.result.script).not.toBe(first.result.script);
    // Safe inside <script>…</script>: nothing in it ends the element or opens a comment there.
    expect(first.result.script).not.toMatch(/<\/script|<!--/i);
  });

  it("stops the build when the entry's code could not go inside a <script> element, instead of rewriting it", () => {
    expect(inlineScript("console.log(1);\n")).toBe("console.log(1);");
    expect(() => inlineScript("a</script/.test(b)")).toThrow(/<\/script/);
    expect(() => inlineScript("x = 1 <!--y")).toThrow(/<!--/);
  });

  it("keeps all but the first screen's code out of the entry: the rest of the page's script in a file it imports, and the contact form's code and React in one that file imports on demand", async () => {
    const { outdir, result } = await build();
    const entry = result.script;
    const restChunk = result.files.find((file) => /\/chunks\/take-over-[A-Z0-9]+\.js$/.test(file));
    const formChunk = result.files.find((file) => /\/chunks\/contact-form-root-[A-Z0-9]+\.js$/.test(file));
    expect(restChunk).toBeDefined();
    expect(formChunk).toBeDefined();
    expect(result.files.sort()).toEqual([formChunk!, restChunk!].sort());
    const rest = readFileSync(fileOf(outdir, restChunk!), "utf8");
    const form = readFileSync(fileOf(outdir, formChunk!), "utf8");
    expect(entry).toContain(`import("${restChunk!}")`);
    expect(entry).not.toContain("contact-form-root");
    expect(rest).toContain(`import("${formChunk!}")`);
    // Nothing else: a static import (a chunk of shared helpers) would be a request a file waits for before it runs.
    for (const code of [entry, rest]) expect(code).not.toMatch(/(^|[;}\n])import\s*["{*\w]/);
    // The scroll reveals and the form's watcher (IntersectionObserver, from motion) come with the rest, not with the entry.
    expect(rest).toContain("IntersectionObserver");
    expect(entry).not.toContain("IntersectionObserver");
    expect(form).toContain("Leave this field empty");
    for (const code of [entry, rest]) {
      expect(code).not.toContain("Leave this field empty");
      expect(code).not.toMatch(/react-dom|__SECRET_INTERNALS|hydrateRoot/);
    }
    // Production React: its development warnings are compiled out.
    expect(form).not.toContain("Warning: ");
    // The entry stays small: every page's HTML carries it, and a phone runs it before it can answer a tap.
    expect(entry.length).toBeLessThan(4_000);
  });

  it("gives CSS Modules the class names Next.js's build gives them, and no CSS", async () => {
    const { outdir, result } = await build();
    const form = readFileSync(fileOf(outdir, result.files.find((file) => file.includes("contact-form-root"))!), "utf8");
    const css = join(root, "src/contact/form/ContactForm.module.css");
    const names = declaredClassNames(readFileSync(css, "utf8"));
    expect(names.length).toBeGreaterThan(2);
    for (const local of names) expect(form).toContain(JSON.stringify(className(css, local)));
    expect(result.files.filter((file) => file.endsWith(".css"))).toEqual([]);
  });

  it("keeps files of earlier builds for a week (tabs still open on them), then removes them", async () => {
    const { outdir } = await build();
    const recent = join(outdir, "islands-RECENT01.js");
    const old = join(outdir, "chunks", "old-OLD00001.js");
    writeFileSync(recent, "");
    writeFileSync(old, "");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    utimesSync(old, eightDaysAgo, eightDaysAgo);
    const again = await build("build-1", outdir);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(old)).toBe(false);
    expect(again.result.files.every((file) => existsSync(fileOf(outdir, file)))).toBe(true);
  });
});

describe("declaredClassNames", () => {
  it("finds the classes of selectors, not numbers, file names in url() or text in strings and comments", () => {
    const css = `/* .commented */ .a, .b-c:hover > .d_e { margin: .5rem; background: url(../media/x.woff2); content: ".str"; }
@media (min-width: 40em) { .f { opacity: 0.7; } } .a { }`;
    expect(declaredClassNames(css)).toEqual(["a", "b-c", "d_e", "f"]);
  });
});
