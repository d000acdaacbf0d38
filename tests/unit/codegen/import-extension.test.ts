import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importExtensionFor, importExtensionSetting } from "storyblok-typed-codegen/cli";
import { BadInput, withImportExtension } from "storyblok-typed-codegen";

/**
 * Relative imports follow the adopter's tsconfig: `.js` where TypeScript's node16 or
 * nodenext resolution requires it, bare for bundlers (Next.js's cannot follow `.js` to a
 * `.ts` file). The tsconfig is the nearest above the output folder, read as tsc reads it.
 */
const root = mkdtempSync(join(tmpdir(), "codegen-import-extension-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, files: Record<string, unknown>): string {
  const dir = join(root, name);
  for (const [path, json] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), typeof json === "string" ? json : JSON.stringify(json));
  }
  return join(dir, "src/generated");
}

describe("importExtensionFor", () => {
  it.each([
    ["moduleResolution bundler", { compilerOptions: { module: "esnext", moduleResolution: "bundler" } }, ""],
    ["moduleResolution node16", { compilerOptions: { module: "node16", moduleResolution: "node16" } }, ".js"],
    ["module nodenext alone, which implies its resolution", { compilerOptions: { module: "nodenext" } }, ".js"],
    ["module node20 alone", { compilerOptions: { module: "node20" } }, ".js"],
    ["module esnext alone", { compilerOptions: { module: "esnext" } }, ""],
  ] as const)("%s", (name, tsconfig, expected) => {
    expect(importExtensionFor(project(name, { "tsconfig.json": tsconfig }))).toBe(expected);
  });

  it("follows extends, and reads a tsconfig with comments as tsc does", () => {
    const out = project("extends", {
      "tsconfig.base.json": '{ "compilerOptions": { /* the library build */ "module": "nodenext" } }',
      "tsconfig.json": { extends: "./tsconfig.base.json", include: ["src"] },
    });
    expect(importExtensionFor(out)).toBe(".js");
  });

  it("reads comments, trailing commas and strings holding comment marks as tsc does", () => {
    const out = project("jsonc", {
      "tsconfig.json":
        '{\n  // a library\n  "compilerOptions": { "module": "NodeNext", /* Node */ "outDir": "dist//x", },\n  "include": ["src/**/*"],\n}\n',
    });
    expect(importExtensionFor(out)).toBe(".js");
  });

  it("the setting overrides what the tsconfig says", () => {
    const out = project("none", { "package.json": {} });
    expect(importExtensionFor(out, "js")).toBe(".js");
    const nodenext = project("override", { "tsconfig.json": { compilerOptions: { module: "nodenext" } } });
    expect(importExtensionFor(nodenext, "none")).toBe("");
  });

  it("refuses a setting it does not know, naming the choices", () => {
    expect(() => importExtensionSetting("mjs", "--import-extension")).toThrow(
      new BadInput('--import-extension: "mjs" is not one of auto, none, js'),
    );
  });
});

describe("withImportExtension", () => {
  const text = [
    'import type { A } from "./components";',
    'export * from "./locales";',
    'import { B } from "../generated/index";',
    'import { C } from "./done.js";',
    'import type { ReactNode } from "react";',
    'const later = import("./engine");',
  ].join("\n");

  it("adds .js to every relative specifier, once, and leaves packages alone", () => {
    expect(withImportExtension(text, ".js")).toBe(
      [
        'import type { A } from "./components.js";',
        'export * from "./locales.js";',
        'import { B } from "../generated/index.js";',
        'import { C } from "./done.js";',
        'import type { ReactNode } from "react";',
        'const later = import("./engine.js");',
      ].join("\n"),
    );
    expect(withImportExtension(text, "")).toBe(text);
  });
});
