import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { COMPILER_OPTIONS, compileProgram, REPO } from "./helpers";

/**
 * Type tests for the committed src/generated (the drift check keeps it equal
 * to the schema): the fixture compiles with every `@ts-expect-error` used,
 * and without those directives each marked line is an error of its own.
 */
const FIXTURE = join(REPO, "tests/fixtures/codegen/registry-cases.tsx");
const DIRECTIVE = /^\s*\/\/ @ts-expect-error.*$/gm;

/** Compiles the fixture with its text replaced in memory. */
function compileWithText(text: string): readonly ts.Diagnostic[] {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName === FIXTURE ? ts.createSourceFile(fileName, text, language) : getSourceFile(fileName, language, ...rest);
  const program = ts.createProgram({ rootNames: [FIXTURE], options: COMPILER_OPTIONS, host });
  return ts.getPreEmitDiagnostics(program);
}

describe("registry and block type tests", () => {
  const source = readFileSync(FIXTURE, "utf8");
  const directives = source.match(DIRECTIVE) ?? [];

  it("the fixture compiles: correct code passes and every expected error happens", () => {
    expect(directives.length).toBe(7);
    expect(compileProgram([FIXTURE])).toEqual([]);
  });

  it("without the directives, each marked line fails on its own", () => {
    // Blank the directive lines rather than delete them, so line numbers stay put.
    const stripped = source.replace(DIRECTIVE, "");
    const sourceFile = ts.createSourceFile(FIXTURE, source, ts.ScriptTarget.ES2022);
    const markedLines = [...source.matchAll(DIRECTIVE)].map((m) => sourceFile.getLineAndCharacterOfPosition(m.index).line + 1);
    const errorLines = new Set(
      compileWithText(stripped).map((d) => (d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1)),
    );
    expect([...errorLines].sort((a, b) => a - b)).toEqual(markedLines);
  });
});
