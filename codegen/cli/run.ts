import { relative } from "node:path";
import { importExtensionFor, importExtensionSetting } from "./import-style.js";
import { reportLines } from "../diagnostics.js";
import { WARNING_CODES } from "../diagnostic-codes.js";
import { generate } from "../generate.js";
import type { GeneratedFile } from "../model.js";
import { DEFAULT_LOCALE, defaultLocaleProblem, readLanguagesFile } from "../normalise/languages.js";
import { BadInput, readLanguages, readPluginTypes, readSchemaDocuments, readSideFile } from "../schema-files.js";

export interface CodegenFlags {
  schema: string;
  out: string;
  relations?: string;
  /** The config's `relations` as a list: what the project's requests resolve, instead of a relations file. */
  relationNames?: string[];
  /** The config's `resolveLinks`: what the project's requests send as `resolve_links`. */
  resolveLinks?: string;
  /** The config's `inline`: nestable blocks a parent renders itself. */
  inline?: string[];
  datasources?: string;
  plugins?: string;
  /** The space's languages, `{default_lang_name, languages}` (default: languages.json beside the schema; none means one language). */
  languages?: string;
  /** The default language's locale code (Storyblok gives it none); `en` unless set. */
  defaultLocale?: string;
  strict?: boolean;
  verbose?: boolean;
  /** The command the header names (config `command`). */
  command?: string;
  /** How relative imports end: `auto` (the tsconfig governing --out decides), `none` or `js` (config `importExtension`). */
  importExtension?: string;
  /** commander's `--no-warn <codes...>`: true when absent, else the codes given (comma-separated or repeated). */
  warn: true | string[];
}

/** A schema read from a live space instead of --schema; relations and plugins stay local. */
export interface RemoteSchema {
  documents: unknown[];
  datasources: unknown;
  /** The space's languages, `{default_lang_name, languages}`. */
  languages?: unknown;
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
export function runGenerator(flags: CodegenFlags, remote?: RemoteSchema, options: { quiet?: boolean } = {}): GeneratorRun | undefined {
  // quiet: a caller that already reported this schema (the portfolio's check runs the bin first).
  const log = options.quiet ? () => {} : (line: string) => console.error(line);
  try {
    const silenced = silencedCodes(flags.warn);
    const plugins = readSideFile(flags.plugins, flags.schema, "plugins");
    const languages = remote
      ? { value: remote.languages, path: "the space's languages" }
      : readSideFile(flags.languages, flags.schema, "languages");
    const result = generate({
      documents: remote?.documents ?? readSchemaDocuments(flags.schema),
      relations: flags.relationNames ?? readSideFile(flags.relations, flags.schema, "relations").value,
      ...(flags.resolveLinks === undefined ? {} : { resolveLinks: flags.resolveLinks }),
      ...(flags.inline === undefined ? {} : { inline: flags.inline }),
      datasources: remote ? remote.datasources : readSideFile(flags.datasources, flags.schema, "datasources").value,
      plugins: readPluginTypes(plugins.value, plugins.path ?? ""),
      languages: readLanguages(languages.value, languages.path),
      defaultLocale: checkedDefaultLocale(flags.defaultLocale, languages),
      schemaLabel: schemaLabel(flags.schema, flags.out),
      importExtension: importExtensionFor(flags.out, importExtensionSetting(flags.importExtension, "--import-extension")),
      ...(flags.command === undefined ? {} : { command: flags.command }),
      strict: flags.strict === true,
    });
    for (const line of reportLines(result.diagnostics, { verbose: flags.verbose === true, silenced })) log(`${flags.schema}: ${line}`);
    if (result.skipped.length > 0) {
      const names = result.skipped.map((name) => JSON.stringify(name)).join(", ");
      log(`${flags.schema}: ${result.skipped.length} component(s) cannot be typed: ${names}.`);
    }
    if (result.files.length === 0) {
      log(`${flags.schema}: ${flags.strict && result.skipped.length > 0 ? "--strict: " : "the schema has errors; "}nothing was generated.`);
      return undefined;
    }
    if (result.skipped.length > 0)
      log(`${flags.schema}: every other component is generated; fix the errors above (or pass --strict to write nothing).`);
    return { files: result.files, skipped: result.skipped };
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    log(error.message);
    return undefined;
  }
}

/** --default-locale (or the config's `defaultLocale`, else `en`): a language code the space does not list; bad input otherwise. */
function checkedDefaultLocale(given: string | undefined, languages: { value: unknown; path?: string }): string {
  const locale = given ?? DEFAULT_LOCALE;
  const read = languages.value === undefined ? undefined : readLanguagesFile(languages.value);
  const problem = defaultLocaleProblem(locale, read !== undefined && "languages" in read ? read.languages.languages : []);
  if (problem === undefined) return locale;
  const source =
    given === undefined
      ? `the default locale (${DEFAULT_LOCALE} unless --default-locale or "defaultLocale" names another)`
      : "--default-locale";
  throw new BadInput(`${source}: ${problem}${languages.path === undefined ? "" : ` (${languages.path})`}`);
}

/** `--no-warn a,b --no-warn c` → {a, b, c}; an unknown code is a usage error, so a typo does not silence nothing forever. */
function silencedCodes(warn: true | string[]): Set<string> {
  const codes =
    warn === true
      ? []
      : warn
          .flatMap((value) => value.split(","))
          .map((code) => code.trim())
          .filter(Boolean);
  const unknown = codes.filter((code) => !WARNING_CODES.includes(code));
  if (unknown.length > 0)
    throw new BadInput(`--no-warn: unknown warning code(s) ${unknown.join(", ")}; the codes are: ${WARNING_CODES.join(", ")}`);
  return new Set(codes);
}

/**
 * How the header names the schema: relative to the output folder, with forward slashes, so the
 * files (and `check`) are the same from whatever folder the command runs, and `scaffold` finds
 * the schema an output folder was generated from (recorded-schema.ts).
 */
export function schemaLabel(schema: string, out: string): string {
  return relative(out, schema).split("\\").join("/") || ".";
}
