import type { Command } from "commander";
import {
  loadConfig,
  runCli,
  runGenerator as runPackageGenerator,
  type CodegenFlags as PackageFlags,
  type GeneratorRun,
  type RemoteSchema,
} from "storyblok-typed-codegen/cli";

export { readGeneratedDir, writeGenerated, type GeneratorRun, type RemoteSchema } from "storyblok-typed-codegen/cli";

/** The command src/generated's header names; package.json's "storyblok-typed-codegen" key gives it to the package's CLI. */
export const REGENERATE_COMMAND = "npm run codegen";

export type CodegenFlags = Omit<PackageFlags, "command">;

/** Flags `generate`, `check` and the migrate commands share, with this project's defaults. */
export function addCodegenFlags(command: Command): Command {
  return command
    .option("--schema <path>", "components.json, or a directory of CLI v4 JSON files", "schema/components.json")
    .option("--out <dir>", "directory for the generated files", "src/generated")
    .option("--relations <path>", "resolve_relations list (default: <name>.relations.json or relations.json beside the schema)")
    .option(
      "--datasources <path>",
      "datasources with entries (default: <name>.datasources.json or datasources.json beside the schema, if any)",
    )
    .option(
      "--plugins <path>",
      "custom plugin types, {field_type: TypeScript type} (default: <name>.plugins.json or plugins.json beside the schema, if any)",
    )
    .option(
      "--languages <path>",
      "the space's languages, as `schema pull` saves them (default: <name>.languages.json or languages.json beside the schema, if any)",
    )
    .option("--default-locale <code>", "the default language's locale code, which Storyblok does not give it (default: en)")
    .option("--strict", "write nothing when any component cannot be typed (default: leave it out, write the rest, exit 2)")
    .option("--verbose", "list every warning instead of one counted line per kind")
    .option("--no-warn <codes...>", "silence these warning codes (comma-separated or repeated; the codes are in docs/generated-code.md)");
}

/**
 * In-process generation for the commands that compare with src/generated (migrate, check --remote): same header
 * as the bin writes, and the locale settings the bin would take from package.json's "storyblok-typed-codegen".
 */
export function runGenerator(flags: CodegenFlags, remote?: RemoteSchema, options?: { quiet?: boolean }): GeneratorRun | undefined {
  const { config } = loadConfig(process.cwd());
  const defaultLocale = flags.defaultLocale ?? config.defaultLocale;
  return runPackageGenerator(
    { ...flags, command: REGENERATE_COMMAND, ...(defaultLocale === undefined ? {} : { defaultLocale }) },
    remote,
    options,
  );
}

/** The flags as the package's CLI takes them, so `portfolio generate --schema x` is `storyblok-typed-codegen generate --schema x`. */
export function binArgs(flags: CodegenFlags): string[] {
  const args = ["--schema", flags.schema, "--out", flags.out, "--command", REGENERATE_COMMAND];
  for (const key of ["relations", "datasources", "plugins", "languages"] as const)
    if (flags[key] !== undefined) args.push(`--${key}`, flags[key]);
  if (flags.defaultLocale !== undefined) args.push("--default-locale", flags.defaultLocale);
  if (flags.strict) args.push("--strict");
  if (flags.verbose) args.push("--verbose");
  if (flags.warn !== true) args.push("--no-warn", ...flags.warn);
  return args;
}

interface GenerateFlags extends CodegenFlags {
  watch?: boolean;
}

export function registerGenerate(program: Command): void {
  const command = program
    .command("generate")
    .description("Write the TypeScript types, block registry and guards for the schema into --out (the generator package's CLI).");
  addCodegenFlags(command)
    .option("--watch", "regenerate whenever the schema or a side file changes, printing what changed")
    .action(async (flags: GenerateFlags) => {
      // In-process: `watch` returns once it watches, and this process runs on until stopped.
      process.exitCode = await runCli([flags.watch ? "watch" : "generate", ...binArgs(flags)]);
    });
}
