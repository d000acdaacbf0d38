/**
 * Loads TypeScript at run time through tsx (a dependency): the migration
 * files, and the validators generated into a project's `--out` folder (the
 * rules of the schema as it is now, whichever folder the command runs in).
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SchemaRules } from "../../content-validation/validate-directory";
import type { BlokValidator } from "../../content-validation/validate-content";
import type { LoadedMigration } from "./migrate-story";

async function importTypeScript(path: string): Promise<Record<string, unknown>> {
  const { tsImport } = await import("tsx/esm/api");
  return (await tsImport(pathToFileURL(resolve(path)).href, import.meta.url)) as Record<string, unknown>;
}

/** A migration file's default export, `defineMigration(…)`'s `{ blocks }`; a message when it is not one. */
export async function loadMigration(id: string, script: string): Promise<LoadedMigration> {
  const module = await importTypeScript(script);
  // A file tsx compiles as CommonJS (no "type": "module" above it) nests the default export once more.
  const candidates = [module.default, (module.default as { default?: unknown } | undefined)?.default];
  const found = candidates.find(
    (value): value is { blocks: Record<string, unknown> } => isObject(value) && isObject((value as { blocks?: unknown }).blocks),
  );
  if (found === undefined) throw new Error(`${script}: the default export is not a migration (export default defineMigration({ … }))`);
  for (const [block, fn] of Object.entries(found.blocks)) {
    if (typeof fn !== "function") throw new Error(`${script}: ${block} is not a function`);
  }
  return { id, blocks: found.blocks as LoadedMigration["blocks"] };
}

/** validators.ts's validateBlok and relations.ts's RESOLVE_RELATIONS from a generated folder. */
export async function loadSchemaRules(generatedDir: string): Promise<Required<SchemaRules>> {
  const validators = join(generatedDir, "validators.ts");
  const relations = join(generatedDir, "relations.ts");
  for (const path of [validators, relations]) if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run codegen\``);
  const { validateBlok } = await importTypeScript(validators);
  const { RESOLVE_RELATIONS } = await importTypeScript(relations);
  return { validateBlok: validateBlok as BlokValidator, relationFields: RESOLVE_RELATIONS as readonly string[] };
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
