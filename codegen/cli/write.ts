import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isGeneratedText } from "../emit/header.js";
import type { GeneratedFile } from "../model.js";
import { BadInput } from "../schema-files.js";

/** The files in the output directory, by name (the generator writes no subfolders). */
export function readGeneratedDir(out: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(out)) return files;
  for (const name of readdirSync(out)) {
    const path = join(out, name);
    if (statSync(path).isFile()) files.set(name, readFileSync(path, "utf8"));
  }
  return files;
}

/**
 * Writes only files whose text changed, and removes files the generator no
 * longer emits, but only ones carrying its header, so a mistyped --out never
 * deletes hand-written code. Returns how many files it touched; a folder it
 * cannot write is bad input with the system's reason.
 */
export function writeGenerated(out: string, files: readonly GeneratedFile[]): number {
  try {
    mkdirSync(out, { recursive: true });
    const existing = readGeneratedDir(out);
    let changed = 0;
    for (const file of files) {
      if (existing.get(file.path) === file.contents) continue;
      writeFileSync(join(out, file.path), file.contents);
      changed += 1;
    }
    const emitted = new Set(files.map((file) => file.path));
    for (const [path, contents] of existing) {
      if (emitted.has(path) || !isGeneratedText(contents)) continue;
      rmSync(join(out, path));
      changed += 1;
    }
    return changed;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new BadInput(`--out ${out}: cannot write there (${(error as Error).message})`);
  }
}
