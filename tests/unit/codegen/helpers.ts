/**
 * Test helpers for the generator: run it on inline schemas, and compile its
 * output with the real TypeScript compiler under the project's strictness.
 */
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";
import { formatDiagnostic, generate, type GenerateOptions, type GenerateResult } from "storyblok-typed-codegen";
import { cachedCompilerHost } from "../../support/cached-compiler-host";
import { REPO } from "../../support/repo-root";

export { REPO };

/** The strictness src/ is checked with (tsconfig.json), minus Next's plugin. */
export const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  isolatedModules: true,
  types: [],
};

/** A raw field definition as Storyblok saves it. */
export type RawField = Record<string, unknown>;
export type RawComponent = { name: string; is_root?: boolean; is_nestable?: boolean; schema: Record<string, RawField> } & Record<
  string,
  unknown
>;

export function run(components: RawComponent[], extra: Partial<GenerateOptions> = {}): GenerateResult {
  return generate({ documents: [{ components }], schemaLabel: "schema/components.json", ...extra });
}

export function fileOf(result: GenerateResult, path: string): string {
  const file = result.files.find((f) => f.path === path);
  if (!file) throw new Error(`no ${path}; diagnostics:\n${result.diagnostics.map(formatDiagnostic).join("\n")}`);
  return file.contents;
}

/**
 * Compiles the given files (path → text) in a temp dir with react resolvable; returns formatted errors.
 * `options` replaces COMPILER_OPTIONS: pass one object for the whole test file (the host caches by it).
 */
export function compile(files: Record<string, string>, rootNames?: string[], options: ts.CompilerOptions = COMPILER_OPTIONS): string[] {
  const dir = mkdtempSync(join(tmpdir(), "codegen-compile-"));
  try {
    symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"), "dir");
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const roots = (rootNames ?? Object.keys(files)).map((path) => join(dir, path));
    return compileProgram(roots, options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Type-checks files in place (they resolve imports from where they are). */
export function compileProgram(rootNames: string[], options: ts.CompilerOptions = COMPILER_OPTIONS): string[] {
  const program = ts.createProgram({ rootNames, options, host: cachedCompilerHost(options) });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (!diagnostic.file || diagnostic.start === undefined) return text;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.split("/").slice(-2).join("/")}:${line + 1}: ${text}`;
  });
}

/** The generated files (the validation engine among them) under `generated/`, and a consumer that touches every export. */
export function withConsumer(result: GenerateResult, consumer: string): Record<string, string> {
  const files: Record<string, string> = { "consumer.ts": consumer };
  for (const file of result.files) files[`generated/${file.path}`] = file.contents;
  return files;
}

/** The `key: Type;` line of one field in a component's generated type. */
export function propertyLine(components: string, typeName: string, key: string): string | undefined {
  const start = components.indexOf(`export type ${typeName} = {`);
  if (start < 0) return undefined;
  const block = components.slice(start, components.indexOf("\n};", start));
  const quoted = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return block
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line.startsWith(`${quoted}:`) || line.startsWith(`${quoted}?:`));
}

/** What a named union (`export type X = A;` or one `  | A` line per member) stands for, as `A | B`. */
export function aliasOf(components: string, name: string): string | undefined {
  const lines = components.split("\n");
  const start = lines.findIndex((line) => line === `export type ${name} =` || line.startsWith(`export type ${name} = `));
  if (start < 0) return undefined;
  if (lines[start] !== `export type ${name} =`) return lines[start]!.slice(`export type ${name} = `.length, -1);
  const members: string[] = [];
  for (const line of lines.slice(start + 1)) {
    members.push(line.replace(/^ {2}\| /, "").replace(/;$/, ""));
    if (line.endsWith(";")) break;
  }
  return members.join(" | ");
}
