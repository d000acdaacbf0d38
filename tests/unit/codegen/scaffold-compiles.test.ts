import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import { scaffoldRenderers } from "storyblok-typed-codegen/scaffold";
import { fixtureInput, fixtures } from "./fixtures";
import { NATIVE_TSC } from "../../support/native-tsc";
import { REPO } from "../../support/repo-root";

/**
 * `scaffold` always writes a project that compiles: for every schema fixture (the real
 * public schemas and each quirk), the generated types and every renderer the scaffold
 * writes beside them, with the helpers those renderers and the helpers themselves import,
 * pass `tsc --strict` with the stricter options adopters turn on. The table's last row is
 * the shape that once did not: a rich-text field and no `bloks` field anywhere, where the
 * rich-text helper imported a Blocks module that was never written.
 */
const exec = promisify(execFile);
const project = mkdtempSync(join(tmpdir(), "codegen-scaffold-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const richTextOnly = {
  documents: [
    {
      components: [
        { name: "article", is_nestable: true, schema: { title: { type: "text" }, body: { type: "richtext" } } },
        { name: "page", is_root: true, schema: { title: { type: "text" } } },
      ],
    },
  ],
  schemaLabel: "rich-text-only.json",
};

const TABLE = [...fixtures.map(([name, file]) => [name, fixtureInput(file)] as const), ["rich-text-only", richTextOnly] as const];

describe("scaffold on every schema fixture", () => {
  it("writes renderers and helpers that compile with the generated types under tsc --strict", async () => {
    for (const name of ["react", "@types/react", "csstype"]) {
      mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
      symlinkSync(realpathSync(join(REPO, "node_modules", name)), join(project, "node_modules", name), "dir");
    }
    const written: Record<string, string[]> = {};
    for (const [name, input] of TABLE) {
      const generated = join(project, "src", name, "generated");
      const blocks = join(project, "src", name, "blocks");
      mkdirSync(generated, { recursive: true });
      mkdirSync(blocks, { recursive: true });
      for (const file of generate(input).files) writeFileSync(join(generated, file.path), file.contents);
      const plan = await scaffoldRenderers({ ...input, generatedImport: "../generated", existing: new Set() });
      for (const file of plan.files) writeFileSync(join(blocks, file.path), file.contents);
      if (plan.registry !== undefined) writeFileSync(join(blocks, "registry.ts"), plan.registry);
      written[name] = readdirSync(blocks);
    }
    // The regression: the rich-text helper's own import of Blocks is written with it.
    expect(written["rich-text-only"]).toEqual(expect.arrayContaining(["Article.tsx", "RichText.tsx", "Blocks.tsx", "registry.ts"]));
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          target: "ES2020",
          lib: ["dom", "ES2020"],
          module: "esnext",
          moduleResolution: "bundler",
          jsx: "react-jsx",
          isolatedModules: true,
          verbatimModuleSyntax: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noPropertyAccessFromIndexSignature: true,
          types: [],
        },
        include: ["src"],
      }),
    );
    const result = await exec(process.execPath, [NATIVE_TSC, "-p", "."], { cwd: project, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect("code" in result ? result.stdout : "").toBe("");
  }, 180_000);
});
