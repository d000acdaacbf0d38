/**
 * Runs the project's own TypeScript (the lockfile's version) over a prepared
 * workspace and reads its diagnostics.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { TSCONFIG } from "./workspace";

export interface Diagnostic {
  /** Relative to the workspace, "/"-separated; "" for a diagnostic with no file. */
  file: string;
  line: number;
  column: number;
  code: string;
  /** The first line of tsc's message (the elaboration under it is in `detail`). */
  message: string;
  detail: string;
}

export function runTsc(dir: string): { version: string; diagnostics: Diagnostic[] } {
  const tsc = join(dir, "node_modules", "typescript", "bin", "tsc");
  const version = spawnSync(process.execPath, [tsc, "--version"], { encoding: "utf8" })
    .stdout.trim()
    .replace(/^Version /, "");
  const result = spawnSync(process.execPath, [tsc, "-p", TSCONFIG, "--pretty", "false"], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (result.error) throw result.error;
  return { version, diagnostics: parseDiagnostics(result.stdout) };
}

export function parseDiagnostics(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split("\n")) {
    const located = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    const global = located ? undefined : /^error (TS\d+): (.*)$/.exec(line);
    if (located) {
      diagnostics.push({
        file: located[1]!.replaceAll("\\", "/"),
        line: Number(located[2]),
        column: Number(located[3]),
        code: located[4]!,
        message: located[5]!,
        detail: "",
      });
    } else if (global) {
      diagnostics.push({ file: "", line: 0, column: 0, code: global[1]!, message: global[2]!, detail: "" });
    } else if (line.trim() && diagnostics.length > 0) {
      diagnostics.at(-1)!.detail += `${line.trim()}\n`;
    }
  }
  return diagnostics;
}
