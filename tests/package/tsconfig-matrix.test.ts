import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NATIVE_TSC } from "../support/native-tsc";
import { copySchema, ok, REPO, run, writeFiles } from "./support";

/**
 * Generated code compiles under the adopter's tsconfig, not ours: each module
 * resolution an adopter may use, with every option that rejects some valid-looking
 * TypeScript turned on, by the lowest TypeScript the README names, by 6.0 and by the
 * native 7. The CLI writes each project's output as it would there: `.js` on relative
 * imports where the project's tsconfig resolves as node16 or nodenext (found by itself),
 * bare for a bundler. Three real public schemas and the site's own, plus a scaffold.
 */
const root = mkdtempSync(join(tmpdir(), "codegen-tsconfig-matrix-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const COMPILERS = [
  {
    name: "TypeScript 5.0 (the lowest supported)",
    tsc: join(REPO, "scripts/lowest-typescript/node_modules/typescript/bin/tsc"),
    version: "5.0.4",
  },
  { name: "TypeScript 6.0", tsc: join(REPO, "node_modules/typescript/bin/tsc"), version: "6.0.3" },
  { name: "TypeScript 7 (native)", tsc: NATIVE_TSC, version: "7.0.2" },
] as const;

/** Every option that turns valid-looking code into an error, and the oldest lib an adopter may still target. */
const STRICTEST = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: "ES2020",
  lib: ["dom", "ES2020"],
  jsx: "react-jsx",
  isolatedModules: true,
  verbatimModuleSyntax: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  types: [],
};

const RESOLUTIONS = {
  bundler: { module: "esnext", moduleResolution: "bundler" },
  node16: { module: "node16", moduleResolution: "node16" },
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
} as const;

const SCHEMAS = {
  fran: join(REPO, "tests/fixtures/schemas/fran-moreno-alcala.components.json"),
  hedvig: join(REPO, "tests/fixtures/schemas/hedvig-market-web.components.json"),
  tutorial: join(REPO, "tests/fixtures/schemas/storyblok-nuxt-ultimate-tutorial.components.json"),
  site: join(REPO, "schema/components.json"),
};

/** The generator's CLI from its sources, as `storyblok-typed-codegen` runs in a project. */
function codegen(project: string, ...args: string[]) {
  return ok(
    process.execPath,
    ["--import", join(REPO, "node_modules/tsx/dist/esm/index.mjs"), join(REPO, "codegen/cli/bin.ts"), ...args],
    project,
  );
}

beforeAll(async () => {
  for (const [resolution, options] of Object.entries(RESOLUTIONS)) {
    const project = join(root, resolution);
    for (const name of ["react", "@types/react", "csstype"]) {
      mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
      symlinkSync(realpathSync(join(REPO, "node_modules", name)), join(project, "node_modules", name), "dir");
    }
    // erasableSyntaxOnly is 5.8's: the lowest compiler gets every other option (tsconfig.lowest.json).
    writeFiles(project, {
      "package.json": JSON.stringify({ name: "adopter", private: true, type: "module" }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { ...STRICTEST, ...options, erasableSyntaxOnly: true }, include: ["src"] }),
      "tsconfig.lowest.json": JSON.stringify({ compilerOptions: { ...STRICTEST, ...options }, include: ["src"] }),
    });
    for (const [name, schema] of Object.entries(SCHEMAS)) await codegen(project, "generate", "--schema", schema, "--out", `src/${name}`);
    copySchema("storyblok-nuxt-ultimate-tutorial.components.json", join(project, "schema/components.json"));
    await codegen(project, "generate", "--schema", "schema/components.json", "--out", "src/generated");
    await codegen(project, "scaffold", "--out", "src/generated", "--dir", "src/blocks");
  }
}, 300_000);

describe("generated and scaffolded code under an adopter's tsconfig", () => {
  it("uses bare relative imports for a bundler, and .js ones (the folder's index.js) for node16 and nodenext", () => {
    const imports = (resolution: string, file: string) => readFileSync(join(root, resolution, file), "utf8");
    expect(imports("bundler", "src/fran/index.ts")).toContain('export * from "./components";');
    expect(imports("bundler", "src/blocks/Grid.tsx")).toContain('from "../generated";');
    for (const resolution of ["node16", "nodenext"]) {
      expect(imports(resolution, "src/fran/index.ts")).toContain('export * from "./components.js";');
      expect(imports(resolution, "src/blocks/Grid.tsx")).toContain('from "../generated/index.js";');
      expect(imports(resolution, "src/blocks/registry.ts")).toContain('import { Grid } from "./Grid.js";');
    }
  });

  for (const compiler of COMPILERS) {
    it.each(Object.keys(RESOLUTIONS))(
      `${compiler.name}, moduleResolution %s, every strict option and lib es2020: no error`,
      async (resolution) => {
        const project = join(root, resolution);
        const lowest = compiler.version === "5.0.4";
        const version = await ok(process.execPath, [compiler.tsc, "--version"], project);
        expect(version.stdout).toContain(compiler.version);
        const result = await run(process.execPath, [compiler.tsc, "-p", lowest ? "tsconfig.lowest.json" : "tsconfig.json"], project);
        expect(result.stdout + result.stderr).toBe("");
        expect(result.code).toBe(0);
      },
      120_000,
    );
  }
});
