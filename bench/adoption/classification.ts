/**
 * The hand classification of the bench's errors (classification.json), looked
 * up by project, file, line, column and code, with a fingerprint of the
 * message's first line whose quoted parts (type texts, which each generator
 * spells its own way) are blanked. A key whose fingerprint no longer matches
 * is stale: the error is reported as unclassified until it is looked at again.
 *
 * - real: a defect in the renderer;
 * - false: the generator's type is wrong, or too narrow, for what Storyblok
 *   delivers to that code (an error inside generated code counts here too);
 * - strict: the code is safe and the type accurate, but the project's own
 *   narrower types (its helpers' parameters, the SDK's types) reject it;
 * - unrelated: not about the block types at all (the project's untyped props,
 *   React 19's global JSX, loader data typed `unknown`, a renderer typed with
 *   the SDK's `SbBlokData`): the same error with the project's own types.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { GeneratorId } from "./generators";
import type { Diagnostic } from "./tsc";

export const CLASSES = ["real", "false", "strict", "unrelated"] as const;
export type ErrorClass = (typeof CLASSES)[number];

export interface ClassificationEntry {
  project: string;
  file: string;
  line: number;
  column: number;
  code: string;
  fingerprint: string;
  /** Only for these generators; without it, for any generator that reports this error. */
  generators?: GeneratorId[];
  class: ErrorClass;
  reason: string;
  /** The message as seen when classified, for the reader. */
  message: string;
}

export function fingerprint(message: string): string {
  const blanked = message.replace(/'[^']*'/g, "'…'").replace(/"[^"]*"/g, '"…"');
  return createHash("sha1").update(blanked).digest("hex").slice(0, 10);
}

export function readClassification(): ClassificationEntry[] {
  const path = join(import.meta.dirname, "classification.json");
  return (JSON.parse(readFileSync(path, "utf8")) as { entries: ClassificationEntry[] }).entries;
}

export function classify(
  entries: readonly ClassificationEntry[],
  project: string,
  generator: GeneratorId,
  diagnostic: Diagnostic,
): ClassificationEntry | undefined {
  const print = fingerprint(diagnostic.message);
  const matching = entries.filter(
    (e) =>
      e.project === project &&
      e.file === diagnostic.file &&
      e.line === diagnostic.line &&
      e.column === diagnostic.column &&
      e.code === diagnostic.code &&
      e.fingerprint === print,
  );
  return matching.find((e) => e.generators?.includes(generator)) ?? matching.find((e) => e.generators === undefined);
}
