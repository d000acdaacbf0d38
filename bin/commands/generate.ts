import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Command } from "commander";
import { generate, reportLines, WARNING_CODES, type GeneratedFile } from "../../codegen";
import { BadInput, readPluginTypes, readSchemaDocuments, readSideFile } from "./schema-files";
import { watchSchema } from "./watch";

/** Exit codes shared by `generate` and `check` (documented in docs/generated-code.md). */
export const EXIT = { ok: 0, drift: 1, badInput: 2 } as const;

export interface CodegenFlags {
  schema: string;
  out: string;
  relations?: string;
  datasources?: string;
  plugins?: string;
  strict?: boolean;
  verbose?: boolean;
  /** commander's `--no-warn <codes...>`: true when absent, else the codes given (comma-separated or repeated). */
  warn: true | string[];
}

/** Flags `generate` and `check` share, so both read the schema and report the same way. */
export function addCodegenFlags(command: Command): Command {
  return command
    .option("--schema <path>", "components.json, or a directory of CLI v4 JSON files", "schema/components.json")
    .option("--out <dir>", "directory for the generated files", "src/generated")
    .option("--relations <path>", "resolve_relations list (default: <name>.relations.json or relations.json beside the schema)")
    .option("--datasources <path>", "datasources with entries (default: <name>.datasources.json or datasources.json beside the schema, if any)")
    .option("--plugins <path>", "custom plugin types, {field_type: TypeScript type} (default: <name>.plugins.json or plugins.json beside the schema, if any)")
    .option("--strict", "write nothing when any component cannot be typed (default: leave it out, write the rest, exit 2)")
    .option("--verbose", "list every warning instead of one counted line per kind")
    .option("--no-warn <codes...>", "silence these warning codes (comma-separated or repeated; the codes are in docs/generated-code.md)");
}

/** A schema read from a live space instead of --schema (`check --remote`); relations and plugins stay local. */
export interface RemoteSchema {
  documents: unknown[];
  datasources: unknown;
}

export interface GeneratorRun {
  files: GeneratedFile[];
  /** Components left out because they cannot be typed: the command exits 2 after writing the rest. */
  skipped: string[];
}

/**
 * Reads the schema and runs the generator, reporting to stderr. Undefined
 * when nothing can be written (unreadable or unusable input, or any error
 * with --strict): the caller exits 2 without touching the output.
 */
export function runGenerator(flags: CodegenFlags, remote?: RemoteSchema): GeneratorRun | undefined {
  try {
    const silenced = silencedCodes(flags.warn);
    const plugins = readSideFile(flags.plugins, flags.schema, "plugins");
    const result = generate({
      documents: remote?.documents ?? readSchemaDocuments(flags.schema),
      relations: readSideFile(flags.relations, flags.schema, "relations").value,
      datasources: remote ? remote.datasources : readSideFile(flags.datasources, flags.schema, "datasources").value,
      plugins: readPluginTypes(plugins.value, plugins.path ?? ""),
      schemaLabel: relative(process.cwd(), flags.schema).split("\\").join("/") || flags.schema,
      strict: flags.strict === true,
    });
    for (const line of reportLines(result.diagnostics, { verbose: flags.verbose === true, silenced })) console.error(`${flags.schema}: ${line}`);
    if (result.skipped.length > 0) {
      const names = result.skipped.map((name) => JSON.stringify(name)).join(", ");
      console.error(`${flags.schema}: ${result.skipped.length} component(s) cannot be typed: ${names}.`);
    }
    if (result.files.length === 0) {
      console.error(`${flags.schema}: ${flags.strict && result.skipped.length > 0 ? "--strict: " : "the schema has errors; "}nothing was generated.`);
      return undefined;
    }
    if (result.skipped.length > 0) console.error(`${flags.schema}: every other component is generated; fix the errors above (or pass --strict to write nothing).`);
    return { files: result.files, skipped: result.skipped };
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    console.error(error.message);
    return undefined;
  }
}

/** `--no-warn a,b --no-warn c` → {a, b, c}; an unknown code is a usage error, so a typo does not silence nothing forever. */
function silencedCodes(warn: true | string[]): Set<string> {
  const codes = warn === true ? [] : warn.flatMap((value) => value.split(",")).map((code) => code.trim()).filter(Boolean);
  const unknown = codes.filter((code) => !WARNING_CODES.includes(code));
  if (unknown.length > 0) throw new BadInput(`--no-warn: unknown warning code(s) ${unknown.join(", ")}; the codes are: ${WARNING_CODES.join(", ")}`);
  return new Set(codes);
}

/** The files in the output directory that the generator wrote, by path. */
export function readGeneratedDir(out: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(out)) return files;
  for (const name of readdirSync(out)) {
    const path = join(out, name);
    if (statSync(path).isFile()) files.set(name, readFileSync(path, "utf8"));
  }
  return files;
}

interface GenerateFlags extends CodegenFlags {
  watch?: boolean;
}

export function registerGenerate(program: Command): void {
  const command = program.command("generate").description("Write the TypeScript types, block registry and guards for the schema into --out.");
  addCodegenFlags(command)
    .option("--watch", "regenerate whenever the schema or a side file changes, printing what changed")
    .action((flags: GenerateFlags) => {
      if (flags.watch) return watchSchema(flags);
      const run = runGenerator(flags);
      if (run === undefined) process.exit(EXIT.badInput);
      const changed = writeGenerated(flags.out, run.files);
      console.log(`Generated ${run.files.length} files in ${flags.out} (${changed} changed).`);
      if (run.skipped.length > 0) process.exitCode = EXIT.badInput;
    });
}

/**
 * Writes only files whose text changed, and removes files the generator no
 * longer emits, but only ones carrying its header, so a mistyped --out never
 * deletes hand-written code. Returns how many files it touched.
 */
export function writeGenerated(out: string, files: GeneratedFile[]): number {
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
    if (emitted.has(path) || !contents.startsWith("// Generated by `npm run codegen`")) continue;
    rmSync(join(out, path));
    changed += 1;
  }
  return changed;
}
