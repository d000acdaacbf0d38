import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "storyblok-typed-codegen";
import { fixtureInput, fixtures } from "./fixtures";
import { NATIVE_TSC } from "../../support/native-tsc";
import { REPO } from "../../support/repo-root";

/**
 * Generated code is self-contained: it imports its own folder and React
 * only, so it compiles wherever --out puts it. Proven as a newcomer would:
 * a bare project in a temporary folder outside the repository, with only
 * react and @types/react installed (linked from this checkout; csstype comes
 * with @types/react), and `tsc --strict` with no tsconfig: TypeScript 7's, the
 * `typescript` a newcomer installs today. (The generator's own tests check the
 * same output with 6.0's compiler API, tests/unit/codegen/helpers.ts.)
 */
const exec = promisify(execFile);
const project = mkdtempSync(join(tmpdir(), "codegen-bare-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function install(name: string): void {
  mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
  symlinkSync(realpathSync(join(REPO, "node_modules", name)), join(project, "node_modules", name), "dir");
}

describe("output outside the repository", () => {
  it("starts from a bare project that is not inside the checkout", () => {
    expect(realpathSync(project).startsWith(realpathSync(REPO))).toBe(false);
  });

  it("imports only its own folder and react, and compiles with tsc --strict, for every fixture and the site's schema", async () => {
    for (const name of ["react", "@types/react", "csstype"]) install(name);
    const outs: string[] = [];
    for (const [name, file] of fixtures) {
      const out = join(project, "src", "types", name);
      mkdirSync(out, { recursive: true });
      for (const generated of generate(fixtureInput(file)).files) writeFileSync(join(out, generated.path), generated.contents);
      outs.push(out);
    }
    // The site's own schema through the CLI, into a --out unlike src/generated.
    const siteOut = join(project, "lib", "storyblok", "model");
    await exec(process.execPath, [join(REPO, "bin/portfolio.js"), "generate", "--out", siteOut], { cwd: REPO });
    outs.push(siteOut);

    const files = outs.flatMap((out) => readdirSync(out).map((name) => join(out, name)));
    expect(files.filter((path) => path.endsWith("engine.ts"))).toHaveLength(outs.length);
    for (const path of files) {
      const specifiers = [...readFileSync(path, "utf8").matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gm)].map(
        (match) => match[1]!,
      );
      for (const specifier of specifiers) expect(specifier, path).toMatch(/^(\.\/[\w-]+|react)$/);
    }
    const result = await exec(process.execPath, [NATIVE_TSC, "--strict", "--noEmit", ...files], { cwd: project }).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect("code" in result ? result.stdout : "").toBe("");
  }, 180_000);
});
