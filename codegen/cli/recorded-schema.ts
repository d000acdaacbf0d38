import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { headerSchemaLabel } from "../emit/header.js";

/**
 * The schema an output folder was generated from, as its files' header records it
 * (relative to the folder: run.ts's schemaLabel), resolved to a path from the current
 * folder. Undefined when the folder holds no generated index.ts, or when the header
 * names no schema on disk (written by a version that recorded it otherwise, or moved since).
 */
export function recordedSchema(out: string): { path: string; label: string } | undefined {
  const index = join(out, "index.ts");
  if (!existsSync(index)) return undefined;
  const label = headerSchemaLabel(readFileSync(index, "utf8"));
  if (label === undefined) return undefined;
  const path = resolve(out, label);
  return existsSync(path) ? { path, label } : undefined;
}
