import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copySchema, ok, pinned, REPO, run, STRICT_TSCONFIG, writeFiles, type Ran } from "./support";

/**
 * The generator package proved outside this repository, as a user installs
 * it: `npm pack` in codegen/, the tarball installed into a bare project that
 * holds only react, react-dom, @types/react and typescript, and into a
 * minimal Next.js pages-router app. Installs come from npm's cache where
 * it has the versions this repository pins (--prefer-offline).
 */
const root = mkdtempSync(join(tmpdir(), "codegen-package-"));
const bare = join(root, "bare");
const nextApp = join(root, "next-app");
/** The bin as npm linked it into the project; the first command goes through `npm exec`, as a user types it. */
const NPM_EXEC = ["exec", "--offline", "--", "storyblok-typed-codegen"];
const BIN = "node_modules/.bin/storyblok-typed-codegen";
let tarball = "";
let packed: { version: string; files: { path: string; mode: number }[]; size: number; unpackedSize: number };
/** The Next.js app is installed and built beside the bare project's tests; its test awaits it. */
let nextBuild: Promise<Ran>;

const TUTORIAL = "storyblok-nuxt-ultimate-tutorial.components.json";

async function install(dir: string, packages: string[]): Promise<void> {
  writeFiles(dir, { "package.json": JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2) });
  await ok(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", tarball, ...packages],
    dir,
  );
}

/**
 * Packs a copy of codegen/'s sources, built by its own `npm run build` first, so the pack
 * neither reads nor replaces the checkout's dist/; the repository's node_modules lend it tsc
 * and @types/node, as the workspace does. The pack runs no script of its own (--ignore-scripts):
 * it holds what the build wrote, whatever lifecycle scripts the manifest has.
 */
async function packCopy(): Promise<Ran> {
  const copy = join(root, "package-source");
  cpSync(join(REPO, "codegen"), copy, { recursive: true, filter: (path) => !/[\\/](dist|node_modules)$/.test(path) });
  symlinkSync(join(REPO, "node_modules"), join(copy, "node_modules"));
  await ok("npm", ["run", "--silent", "build"], copy);
  return ok("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", root], copy);
}

beforeAll(async () => {
  const pack = await packCopy();
  [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as [typeof packed & { filename: string }];
  tarball = join(root, (packed as typeof packed & { filename: string }).filename);
  const react = [pinned("react"), pinned("react-dom"), pinned("@types/react"), pinned("typescript")];
  nextBuild = (async () => {
    await install(nextApp, [...react, pinned("next"), pinned("@types/node")]);
    return scaffoldNextApp();
  })();
  nextBuild.catch(() => {});
  await install(bare, react);
}, 600_000);

afterAll(async () => {
  await nextBuild?.catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  it("holds the compiled library, its bin and README, and no sources, tests or fixtures", () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toContain("dist/cli/bin.cjs");
    expect(paths).toContain("dist/index.d.ts");
    expect(paths).toContain("README.md");
    expect(paths).toContain("CHANGELOG.md");
    expect(paths.filter((path) => !/^(dist\/.*\.(c?js|d\.ts)|package\.json|README\.md|CHANGELOG\.md)$/.test(path))).toEqual([]);
    expect(paths.filter((path) => /test|fixture/i.test(path))).toEqual([]);
  });

  it("runs nothing at install: no install-time script in the published manifest", () => {
    const manifest = JSON.parse(readFileSync(join(bare, "node_modules/storyblok-typed-codegen/package.json"), "utf8")) as {
      scripts?: Record<string, string>;
    };
    const installTime = ["preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare"];
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => installTime.includes(name))).toEqual([]);
  });

  it("publint and arethetypeswrong (an ESM-only package) find nothing wrong with it", async () => {
    const publint = await run(join(REPO, "node_modules/.bin/publint"), ["--strict", tarball], root);
    expect(publint.code, publint.stdout + publint.stderr).toBe(0);
    expect(publint.stdout).toContain("All good!");
    const attw = await run(
      join(REPO, "node_modules/.bin/attw"),
      ["--profile", "esm-only", "--format", "ascii", "--no-color", tarball],
      root,
    );
    expect(attw.code, attw.stdout + attw.stderr).toBe(0);
    // ESM-only: node10 and require() are out of scope (the profile ignores them); every entry resolves for ESM and bundlers.
    const checked = attw.stdout.split("\n").filter((line) => /^(node16 \(from ESM\)|bundler):/.test(line));
    // One line per entry point and resolution mode: every `exports` key, for node16 and bundler.
    const entries = Object.keys((JSON.parse(readFileSync(join(REPO, "codegen/package.json"), "utf8")) as { exports: object }).exports);
    expect(checked).toHaveLength(entries.length * 2);
    for (const line of checked) expect(line).toContain("🟢");
  });

  it("ships its bin executable, as the build leaves it (npx in a checkout runs the built file as it is)", () => {
    expect(packed.files.find((file) => file.path === "dist/cli/bin.cjs")?.mode.toString(8)).toBe("755");
  });

  it("installs only what it runs: no Next.js, no site dependency", () => {
    const manifest = JSON.parse(readFileSync(join(bare, "node_modules/storyblok-typed-codegen/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["@storyblok/management-api-client", "commander", "ts-morph"]);
  });
});

describe("in a bare React project", () => {
  it("generates from three real public schemas, one in the Storyblok CLI's layout, and each compiles under tsc --strict", async () => {
    copySchema("fran-moreno-alcala.components.json", join(bare, "schemas/fran.components.json"));
    copySchema("hedvig-market-web.components.json", join(bare, "schemas/hedvig.components.json"));
    copySchema(TUTORIAL, join(bare, ".storyblok/components/123456/components.json"));
    await ok("npm", [...NPM_EXEC, "generate", "--schema", "schemas/fran.components.json", "--out", "src/fran"], bare);
    // hedvig's plugins are unknown: they are typed `unknown` with a warning, not an error.
    await ok(join(bare, BIN), ["generate", "--schema", "schemas/hedvig.components.json", "--out", "src/hedvig"], bare);
    // No --schema: the Storyblok CLI's pull is found by itself.
    const cli = await ok(join(bare, BIN), ["generate", "--out", "src/generated"], bare);
    // The installed package's own version, read from inside the bundled bin.
    expect((await ok(join(bare, BIN), ["--version"], bare)).stdout).toBe(`${packed.version}\n`);
    expect(cli.stdout).toContain("Generated 9 files in src/generated");
    expect(readFileSync(join(bare, "src/generated/index.ts"), "utf8").split("\n")[0]).toBe(
      // The schema relative to the output folder: the same from whatever folder the command runs.
      "// Generated by `npx storyblok-typed-codegen generate` from ../../.storyblok/components/123456/components.json. Do not edit.",
    );
    writeFiles(bare, { "tsconfig.json": STRICT_TSCONFIG });
    await ok(join(bare, "node_modules/.bin/tsc"), ["-p", "."], bare);
  });

  it("scaffolds renderers that compile, and react-dom/server renders one with its field values", async () => {
    const scaffold = await ok(join(bare, BIN), ["scaffold", "--out", "src/generated", "--dir", "src/blocks"], bare);
    expect(scaffold.stdout).toContain("Scaffolded 7 renderer(s)");
    await ok(join(bare, "node_modules/.bin/tsc"), ["-p", "."], bare);
    // Run by tsx from this repository: the bare project has no TypeScript runner, and react resolves from its own node_modules.
    writeFiles(bare, {
      "src/render.tsx": `
import { renderToStaticMarkup } from "react-dom/server";
import { Grid } from "./blocks/Grid";
const editable = '<!--#storyblok#{"name":"grid","space":"1","uid":"g-1","id":"42"}-->';
console.log(renderToStaticMarkup(
  <Grid blok={{ component: "grid", _uid: "g-1", _editable: editable, columns: [
    { component: "feature", _uid: "f-1", name: "Typed blocks", image: { fieldtype: "asset", id: 7, filename: "https://a.storyblok.com/f/1/feature.png", name: "feature.png", alt: "A feature", title: null, copyright: null, focus: null } },
    { component: "hero", _uid: "h-1", headline: "Hello from Storyblok", layout: "constrained" },
    { component: "menu_link", _uid: "m-1", name: "Docs", link: { fieldtype: "multilink", linktype: "url", id: "", url: "https://example.com/docs", cached_url: "https://example.com/docs" } },
  ] }} />,
));
`,
    });
    const { stdout } = await ok(process.execPath, ["--import", join(REPO, "node_modules/tsx/dist/esm/index.mjs"), "src/render.tsx"], bare);
    expect(stdout).toContain('data-blok-uid="42-g-1"');
    expect(stdout).toContain("<p>Typed blocks</p>");
    expect(stdout).toContain('<img src="https://a.storyblok.com/f/1/feature.png" alt="A feature"/>');
    expect(stdout).toContain("<p>Hello from Storyblok</p>");
    expect(stdout).toContain("<p>constrained</p>");
    expect(stdout).toContain('<a href="https://example.com/docs">link</a>');
  });

  it("never overwrites a file, and a renderer missing from the registry is a compile error", async () => {
    const hero = join(bare, "src/blocks/Hero.tsx");
    writeFileSync(hero, readFileSync(hero, "utf8").replace("<div ", "<section ").replace("</div>", "</section>"));
    const again = await ok(join(bare, BIN), ["scaffold", "--out", "src/generated", "--dir", "src/blocks"], bare);
    expect(again.stdout).toContain("Every nestable block already has a renderer");
    expect(readFileSync(hero, "utf8")).toContain("<section ");
    const registry = join(bare, "src/blocks/registry.ts");
    const wired = readFileSync(registry, "utf8");
    writeFileSync(registry, wired.replace("  hero: Hero,\n", ""));
    const tsc = await run(join(bare, "node_modules/.bin/tsc"), ["-p", "."], bare);
    expect(tsc.code).not.toBe(0);
    expect(tsc.stdout).toMatch(/registry\.ts.*Property 'hero' is missing/s);
    writeFileSync(registry, wired);
  });

  it("scaffold takes the schema --out was generated from, and refuses another in one line naming both", async () => {
    // src/generated came from the Storyblok CLI's pull; renderers written from hedvig's schema would not match its types.
    const refused = await run(
      join(bare, BIN),
      ["scaffold", "--schema", "schemas/hedvig.components.json", "--out", "src/generated", "--dir", "src/other"],
      bare,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(
      "--schema schemas/hedvig.components.json is not the schema src/generated was generated from (.storyblok/components/123456/components.json): generate src/generated from it first, or leave it out",
    );
    expect(existsSync(join(bare, "src/other"))).toBe(false);
  });

  it("check exits 0 on fresh output and 1 with a diff and the fixing command after a schema edit", async () => {
    const args = ["check", "--schema", "schemas/fran.components.json", "--out", "src/fran"];
    expect((await run(join(bare, BIN), args, bare)).code).toBe(0);
    // From another folder, with the same files named from there: the header does not depend on where it runs.
    const elsewhere = await run(
      join(bare, BIN),
      ["check", "--schema", join(bare, "schemas/fran.components.json"), "--out", join(bare, "src/fran")],
      root,
    );
    expect(elsewhere.code, elsewhere.stdout).toBe(0);
    const path = join(bare, "schemas/fran.components.json");
    const schema = JSON.parse(readFileSync(path, "utf8")) as { components: { name: string; schema: Record<string, unknown> }[] };
    schema.components.find((component) => component.name === "VideoV1")!.schema.caption = { type: "text", pos: 99 };
    writeFileSync(path, JSON.stringify(schema));
    const drift = await run(join(bare, BIN), args, bare);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain("+  caption?: string;");
    expect(drift.stdout).toContain("Run `npx storyblok-typed-codegen generate --schema schemas/fran.components.json --out src/fran`");
  });

  it("says what is wrong with bad input, exits 2, and prints no stack", async () => {
    writeFiles(bare, { "broken.json": "{ not json", "refused.json": JSON.stringify({ components: [{ name: "", schema: {} }] }) });
    const cases: [string[], RegExp][] = [
      [["--schema", "missing.json", "--out", "x"], /missing\.json: cannot read the file \(ENOENT\)/],
      [["--schema", "broken.json", "--out", "x"], /broken\.json: not valid JSON/],
      [["--schema", "refused.json", "--out", "x"], /refused\.json: error\[component-without-name\]/],
      [["--schema", "schemas/fran.components.json", "--out", "package.json/x"], /--out package\.json\/x: cannot write there/],
    ];
    for (const [args, message] of cases) {
      const result = await run(join(bare, BIN), ["generate", ...args], bare);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

/** The Next.js app: generated types, scaffolded renderers and a page that renders blocks through them. */
async function scaffoldNextApp(): Promise<Ran> {
  copySchema(TUTORIAL, join(nextApp, ".storyblok/components/123456/components.json"));
  writeFiles(nextApp, {
    "storyblok-typed-codegen.json": JSON.stringify({ out: "generated", dir: "blocks" }),
    // Strict, as the bare project: next build type-checks with it (its own default is not strict).
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        lib: ["dom", "dom.iterable", "esnext"],
        allowJs: false,
        skipLibCheck: true,
        noEmit: true,
        esModuleInterop: true,
        module: "esnext",
        moduleResolution: "bundler",
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: "react-jsx",
        incremental: true,
      },
      include: ["next-env.d.ts", "**/*.ts", "**/*.tsx"],
      exclude: ["node_modules"],
    }),
    "pages/index.tsx": `
import type { NestableBlok } from "../generated";
import { Blocks } from "../blocks/Blocks";

const body: NestableBlok[] = [
  { component: "hero", _uid: "h-1", headline: "Built by next build" },
  { component: "grid", _uid: "g-1", columns: [{ component: "teaser", _uid: "t-1", headline: "A teaser" }] },
];

export default function Home() {
  return <main><Blocks bloks={body} /></main>;
}
`,
  });
  await ok(join(nextApp, BIN), ["generate"], nextApp);
  await ok(join(nextApp, BIN), ["scaffold"], nextApp);
  return run(join(nextApp, "node_modules/.bin/next"), ["build"], nextApp);
}

describe("in a Next.js pages-router app", () => {
  it("scaffolds, then next build type-checks and prerenders the page with the blocks' values", async () => {
    const build = await nextBuild;
    expect(build.code, `${build.stdout}\n${build.stderr}`).toBe(0);
    const html = readFileSync(join(nextApp, ".next/server/pages/index.html"), "utf8");
    expect(html).toContain("<p>Built by next build</p>");
    expect(html).toContain("<p>A teaser</p>");
  });
});
