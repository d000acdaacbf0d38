import type { GeneratedFile } from "../model.js";
import { compareNames } from "../sort.js";
import { unifiedDiff } from "./unified-diff.js";

export interface Drift {
  path: string;
  /** `changed`: on disk but different; `missing`: not on disk; `extra`: on disk but no longer generated. */
  kind: "changed" | "missing" | "extra";
  /** Unified diff from the file on disk to what the generator produces. */
  diff: string;
}

/**
 * Compares freshly generated files with what is on disk (path → text) and
 * returns one entry per file that differs, sorted by path. Empty means fresh.
 */
export function findDrift(generated: readonly GeneratedFile[], onDisk: ReadonlyMap<string, string>, outLabel: string): Drift[] {
  const drift: Drift[] = [];
  const label = (path: string) => `${outLabel}/${path}`;
  for (const file of generated) {
    const current = onDisk.get(file.path);
    if (current === file.contents) continue;
    drift.push({
      path: file.path,
      kind: current === undefined ? "missing" : "changed",
      diff: unifiedDiff(current ?? "", file.contents, current === undefined ? "/dev/null" : label(file.path), label(file.path)),
    });
  }
  const emitted = new Set(generated.map((file) => file.path));
  for (const [path, contents] of onDisk) {
    if (!emitted.has(path)) drift.push({ path, kind: "extra", diff: unifiedDiff(contents, "", label(path), "/dev/null") });
  }
  return drift.sort((a, b) => compareNames(a.path, b.path));
}
