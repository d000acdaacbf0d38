import { findDrift } from "../drift/compare.js";
import { componentsSource, formatChange } from "../drift/semantic-summary.js";
import { localesSource, modelChangesOf } from "../drift/translation-changes.js";
import type { GeneratedFile } from "../model.js";
import { EXIT } from "../exit-codes.js";
import { readGeneratedDir } from "./write.js";

/**
 * Compares what generate would write with --out: exit 0 when fresh, 1 with
 * the content-model changes, a unified diff per file and the command that
 * fixes it.
 */
export function reportDrift(files: readonly GeneratedFile[], out: string, source: string, fix: string): number {
  const onDisk = readGeneratedDir(out);
  const drift = findDrift([...files], onDisk, out);
  if (drift.length === 0) {
    console.log(`${out} is up to date with ${source}.`);
    return EXIT.ok;
  }
  const changes = modelChangesOf(
    { components: onDisk.get("components.ts") ?? "", locales: onDisk.get("locales.ts") ?? "" },
    { components: componentsSource(files), locales: localesSource(files) },
  ).map(formatChange);
  if (changes.length > 0) {
    console.log(`Content-model changes not yet in ${out}:`);
    for (const change of changes) console.log(`  ${change}`);
    console.log("");
  }
  for (const entry of drift) {
    console.log(`${entry.kind === "changed" ? "Stale" : entry.kind === "missing" ? "Missing" : "Extra"}: ${out}/${entry.path}`);
    console.log(entry.diff);
  }
  console.log(`${drift.length} generated file(s) out of date. Run ${fix} to update ${out}/.`);
  return EXIT.drift;
}
