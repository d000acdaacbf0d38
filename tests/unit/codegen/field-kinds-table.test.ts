import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO } from "../../support/repo-root";

/**
 * The field-kind table is held to the FieldType union by the compiler: a kind
 * added to the union without an entry in FIELD_KINDS, or an entry without its
 * rule or scaffold markup, does not compile. Proved by compiling the real
 * codegen/fields sources with one file changed in memory, as a developer adding
 * a kind would leave it half done.
 */
const FIELDS = join(REPO, "codegen/fields");
const TABLE = join(FIELDS, "kinds.ts");

function configOptions(): ts.CompilerOptions {
  const path = join(REPO, "codegen/tsconfig.build.json");
  const { config } = ts.readConfigFile(path, ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config, ts.sys, join(REPO, "codegen")).options, noEmit: true };
}

/** tsc's messages for the field-kind table, with `file`'s text replaced by `edit` of it. */
function errorsWith(file: string, edit: (text: string) => string): string[] {
  const path = join(FIELDS, file);
  const original = readFileSync(path, "utf8");
  const planted = edit(original);
  expect(planted, `the edit must change ${file}`).not.toBe(original);
  const options = configOptions();
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === path ? ts.createSourceFile(name, planted, language) : read(name, language, ...rest);
  const program = ts.createProgram([TABLE], options, host);
  // The table and the edited file only: the rest is npm run typecheck's, and checking it here costs seconds.
  const checked = [...new Set([TABLE, path])].map((name) => program.getSourceFile(name)!);
  const diagnostics = checked.flatMap((source) => [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]);
  return diagnostics.map((diagnostic) => {
    const where = diagnostic.file === undefined ? "" : `${diagnostic.file.fileName.slice(REPO.length + 1)}: `;
    return `${where}error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
  });
}

describe("the field-kind table", () => {
  it("compiles as committed", () => {
    expect(errorsWith("kinds.ts", (text) => `${text}\n`)).toEqual([]);
  });

  it("does not compile when FieldType gains a kind that FIELD_KINDS lacks", () => {
    const errors = errorsWith("kinds.ts", (text) => text.replace('  | "section";', '  | "section"\n  | "hologram";'));
    // The table is the one file at fault (its lookup, fieldKind, says so a second time).
    expect(errors.every((error) => error.startsWith("codegen/fields/kinds.ts: "))).toBe(true);
    // TypeScript 6 says TS1360 (does not satisfy …) and then why; the native 7 says the why alone (TS2741).
    expect(errors[0]).toMatch(/^codegen\/fields\/kinds\.ts: error TS(1360|2741): /);
    expect(errors[0]).toContain("'Readonly<Record<FieldType, FieldKind>>'");
    expect(errors[0]).toContain("Property 'hologram' is missing");
  });

  it.each(["transform", "rule", "markup"])("does not compile when a kind has no %s", (part) => {
    // numberKind is written with one part per line.
    const errors = errorsWith("scalar.ts", (text) => {
      const start = text.indexOf("export const numberKind");
      const end = text.indexOf("};", start);
      const kind = text.slice(start, end).replace(new RegExp(`\\n  ${part}: [^\\n]*`), "");
      return text.slice(0, start) + kind + text.slice(end);
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(`^codegen/fields/scalar\\.ts: error TS2741: Property '${part}' is missing in type .* but required in type 'FieldKind'`),
    );
  });

  it("does not compile when a rule names a kind the validation engine does not check", () => {
    const errors = errorsWith("scalar.ts", (text) => text.replace('simpleRule("number")', 'simpleRule("nubmer")'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^codegen\/fields\/scalar\.ts: error TS2345: Argument of type '"nubmer"' is not assignable to parameter of type/,
    );
  });
});
