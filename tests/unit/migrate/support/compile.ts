/** Type-checks a migration written in memory, with its types and the real helpers, as tsc checks migrations/. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import type { GeneratedFile } from "storyblok-typed-codegen";
import { cachedCompilerHost } from "../../../support/cached-compiler-host";
import { REPO } from "../../../support/repo-root";
import { COMPILER_OPTIONS } from "./project";

/** `files` are paths under migrations/; returns `file:line: message` per diagnostic. */
export function compileMigration(files: readonly GeneratedFile[]): string[] {
  const root = mkdtempSync(join(tmpdir(), "migrate-compile-"));
  try {
    symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"), "dir");
    cpSync(join(REPO, "tools/migrations/helpers"), join(root, "tools/migrations/helpers"), { recursive: true });
    for (const file of files) {
      mkdirSync(dirname(join(root, "migrations", file.path)), { recursive: true });
      writeFileSync(join(root, "migrations", file.path), file.contents);
    }
    const scripts = files.filter((file) => !file.path.includes("/")).map((file) => join(root, "migrations", file.path));
    const program = ts.createProgram({ rootNames: scripts, options: COMPILER_OPTIONS, host: cachedCompilerHost(COMPILER_OPTIONS) });
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      if (!diagnostic.file || diagnostic.start === undefined) return text;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${relative(root, diagnostic.file.fileName)}:${line + 1}: ${text}`;
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
