import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { NATIVE_TSC } from "../../support/native-tsc";
import { REPO } from "../../support/repo-root";

/**
 * `portfolio blocks add` in this repository: the renderer it writes uses the site's own
 * helpers (package.json's "storyblok-typed-codegen".helpers: src/preview/editable.ts,
 * src/content/shaping/links.ts, src/richtext/RichText.tsx, src/blocks/Blocks.tsx), copies
 * none of them into src/blocks/, and type-checks with the site. Run on a copy: the
 * repository linked in except src/blocks, src/generated and schema/, which the command
 * writes, with a new block in the schema that has a field of each kind a helper renders.
 */
const exec = promisify(execFile);
const site = mkdtempSync(join(tmpdir(), "blocks-add-"));
afterAll(() => rmSync(site, { recursive: true, force: true }));

const WRITTEN = ["src", "schema", ".git"];

function copySite(): void {
  for (const entry of readdirSync(REPO)) if (!WRITTEN.includes(entry)) symlinkSync(join(REPO, entry), join(site, entry));
  mkdirSync(join(site, "src"));
  for (const entry of readdirSync(join(REPO, "src"))) {
    if (entry === "blocks" || entry === "generated") cpSync(join(REPO, "src", entry), join(site, "src", entry), { recursive: true });
    else symlinkSync(join(REPO, "src", entry), join(site, "src", entry));
  }
  cpSync(join(REPO, "schema"), join(site, "schema"), { recursive: true });
  const path = join(site, "schema/components.json");
  const schema = JSON.parse(readFileSync(path, "utf8")) as { components: unknown[] };
  schema.components.push({
    name: "press_quote",
    display_name: "Press quote",
    is_nestable: true,
    is_root: false,
    schema: {
      quote: { type: "text", pos: 0 },
      body: { type: "richtext", pos: 1 },
      source: { type: "multilink", pos: 2 },
      logo: { type: "asset", filetypes: ["images"], pos: 3 },
      extras: { type: "bloks", pos: 4 },
    },
  });
  writeFileSync(path, JSON.stringify(schema, null, 2));
}

describe("portfolio blocks add", () => {
  it("writes a renderer on the site's own helpers, no copy of them, and the site type-checks", async () => {
    copySite();
    const before = readdirSync(join(site, "src/blocks"));
    const portfolio = (...args: string[]) => exec(process.execPath, ["bin/portfolio.js", ...args], { cwd: site });
    await portfolio("generate");
    const added = await portfolio("blocks", "add", "press_quote");
    expect(added.stdout).toContain("Scaffolded 1 renderer(s) in src/blocks (PressQuote.tsx, registry.ts)");
    expect(readdirSync(join(site, "src/blocks")).filter((name) => !before.includes(name))).toEqual(["PressQuote.tsx"]);
    const renderer = readFileSync(join(site, "src/blocks/PressQuote.tsx"), "utf8");
    expect(renderer).toContain('import { editableAttributes as editable } from "../preview/editable";');
    expect(renderer).toContain('import { hrefOf as linkHref } from "../content/shaping/links";');
    expect(renderer).toContain('import { RichText } from "../richtext/RichText";');
    expect(renderer).toContain('import { Blocks } from "./Blocks";');
    // Typed as the site's registry hands blocks over: with the pages' relations resolved.
    expect(renderer).toContain('{ blok: ResolvedBlok<"press_quote", typeof PAGE_RELATIONS> }');
    expect(readFileSync(join(site, "src/blocks/registry.ts"), "utf8")).toContain("  press_quote: PressQuote,\n");
    // The site's files and the new renderer; the tests' fixtures list the site's blocks as they are and are left out.
    writeFileSync(
      join(site, "tsconfig.blocks-add.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        compilerOptions: { incremental: false },
        include: ["next-env.d.ts", "src/**/*.ts", "src/**/*.tsx"],
      }),
    );
    const tsc = await exec(process.execPath, [NATIVE_TSC, "--noEmit", "-p", "tsconfig.blocks-add.json"], {
      cwd: site,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string; code: number }) => error);
    expect("code" in tsc ? tsc.stdout : "").toBe("");
  }, 300_000);
});
