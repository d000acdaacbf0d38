import type { Command } from "commander";
import { detectSchema, loadConfig, type Config } from "./config.js";
import type { CodegenFlags } from "./run.js";
import { BadInput } from "../schema-files.js";

/** What commander parsed: every setting optional, since the config may give it. */
export interface ParsedFlags extends Partial<Omit<CodegenFlags, "warn" | "relationNames" | "inline">> {
  warn: true | string[];
  dir?: string;
}

/** Flags `generate`, `check` and `watch` share, so all three read the schema and report alike. */
export function addCodegenFlags(command: Command): Command {
  return command
    .option(
      "--schema <path>",
      "components.json (yours, the Management API's, or .storyblok/components/<space>/components.json), or a folder of CLI v4 JSON files",
    )
    .option("--out <dir>", "the folder for the generated files")
    .option("--relations <path>", "resolve_relations list (default: <name>.relations.json or relations.json beside the schema)")
    .option(
      "--datasources <path>",
      "datasources with entries (default: beside the schema, or .storyblok/datasources/<space>/datasources.json)",
    )
    .option(
      "--plugins <path>",
      "custom plugin types, {field_type: TypeScript type} (default: <name>.plugins.json or plugins.json beside the schema)",
    )
    .option(
      "--languages <path>",
      "the space's languages, as `storyblok languages pull` saves them (default: <name>.languages.json or languages.json beside the schema)",
    )
    .option("--default-locale <code>", "the default language's locale code, which Storyblok does not give it (default: en)")
    .option("--command <text>", "the command the generated header names (default: npx storyblok-typed-codegen generate)")
    .option(
      "--import-extension <style>",
      "how relative imports in the written files end: auto (.js when the tsconfig governing --out resolves as node16 or nodenext), none, js",
    )
    .option("--strict", "write nothing when any component cannot be typed (default: leave it out, write the rest, exit 2)")
    .option("--verbose", "list every warning instead of one counted line per kind")
    .option("--no-warn <codes...>", "silence these warning codes (comma-separated or repeated)");
}

export interface Resolved extends CodegenFlags {
  dir?: string;
}

/** Flags over the config over what can be detected; the schema and --out must come from one of them. */
export function resolveFlags(parsed: ParsedFlags, cwd = process.cwd()): Resolved {
  const { config } = loadConfig(cwd);
  const pick = <K extends keyof Config>(key: K): Config[K] => (parsed as Config)[key] ?? config[key];
  const schema = pick("schema") ?? detectSchema(cwd);
  if (schema === undefined)
    throw new BadInput(
      `no schema: pass --schema FILE, or set "schema" in storyblok-typed-codegen.json or package.json's "storyblok-typed-codegen"`,
    );
  const out = pick("out");
  if (out === undefined)
    throw new BadInput(
      `no output folder: pass --out DIR, or set "out" in storyblok-typed-codegen.json or package.json's "storyblok-typed-codegen"`,
    );
  const resolved: Resolved = { schema, out, warn: parsed.warn, strict: pick("strict") === true, verbose: parsed.verbose === true };
  for (const key of [
    "datasources",
    "plugins",
    "languages",
    "defaultLocale",
    "command",
    "dir",
    "resolveLinks",
    "importExtension",
  ] as const) {
    const value = pick(key);
    if (value !== undefined) resolved[key] = value;
  }
  // The relations are a file (a flag, or the config's path) or the config's own list.
  const relations = pick("relations");
  if (typeof relations === "string") resolved.relations = relations;
  else if (relations !== undefined) resolved.relationNames = relations;
  if (config.inline !== undefined) resolved.inline = config.inline;
  return resolved;
}
