#!/usr/bin/env node
/**
 * The package's CLI: parses flags, touches the disk, chooses the exit code.
 * The library (../index.ts) returns data. Exit codes: 0 done, 1 drift
 * (check) or a failed API call (pull), 2 bad input. Bad input is one line
 * saying what and where, never a stack.
 */
import { Command } from "commander";
import { reportDrift } from "./check.js";
import { addCodegenFlags, resolveFlags, type ParsedFlags } from "./options.js";
import { describeApiError, pullSpace, writePulled, type PullFlags } from "./pull.js";
import { EXIT, runGenerator } from "./run.js";
import type { ParsedScaffoldFlags } from "./scaffold.js";
import { BadInput } from "./schema-files.js";
import { watchSchema } from "./watch.js";
import { writeGenerated } from "./write.js";

const program = new Command()
  .name("storyblok-typed-codegen")
  .description("TypeScript types, a typed block registry, runtime guards and React renderers from a Storyblok content model.")
  .showHelpAfterError();

addCodegenFlags(program.command("generate").description("Write the types, block registry and guards for the schema into --out.")).action(
  (parsed: ParsedFlags) => {
    const flags = resolveFlags(parsed);
    const run = runGenerator(flags);
    if (run === undefined) return process.exit(EXIT.badInput);
    const changed = writeGenerated(flags.out, run.files);
    console.log(`Generated ${run.files.length} files in ${flags.out} (${changed} changed).`);
    if (run.skipped.length > 0) process.exitCode = EXIT.badInput;
  },
);

addCodegenFlags(program.command("check").description("Exit 1 with a diff when --out is not what generate would write.")).action(
  (parsed: ParsedFlags) => {
    const flags = resolveFlags(parsed);
    const run = runGenerator(flags);
    if (run === undefined) return process.exit(EXIT.badInput);
    const fix =
      flags.command === undefined
        ? `\`npx storyblok-typed-codegen generate --schema ${flags.schema} --out ${flags.out}\``
        : `\`${flags.command}\``;
    // exitCode, not exit(): a long diff on a pipe must be flushed first.
    process.exitCode = run.skipped.length > 0 ? EXIT.badInput : reportDrift(run.files, flags.out, flags.schema, fix);
  },
);

addCodegenFlags(program.command("watch").description("Generate, then again whenever the schema or a side file changes.")).action(
  (parsed: ParsedFlags) => {
    watchSchema(resolveFlags(parsed));
  },
);

program
  .command("pull")
  .description("Save a space's components, groups, datasources and languages as components.json, languages.json (and datasources.json).")
  .requiredOption("--space <id>", "the space's numeric id")
  .option("--dir <dir>", "where to write them", "schema")
  .option("--token <oauth>", "personal access token; default $STORYBLOK_OAUTH_TOKEN")
  .option("--region <code>", "eu, us, ca, ap or cn; default $STORYBLOK_REGION or eu")
  .option("--api-url <url>", "Management API base URL; default $STORYBLOK_MANAGEMENT_API_URL")
  .action(async (flags: PullFlags & { dir: string }) => {
    let pulled;
    try {
      pulled = await pullSpace(flags);
    } catch (error) {
      if (error instanceof BadInput) throw error;
      console.error(`Reading space ${flags.space} failed: ${describeApiError(error)}`);
      return process.exit(1);
    }
    console.log(`Pulled space ${flags.space} into ${writePulled(flags.dir, pulled).join(", ")}.`);
  });

program
  .command("scaffold")
  .description("Write a typed renderer for each nestable block that has none, and add it to <dir>/registry.ts. Never overwrites a file.")
  .option("--schema <path>", "the schema --out was generated from (default: the one its files name); another is refused")
  .option("--out <dir>", "the generated files' folder")
  .option("--dir <dir>", "the renderers' folder")
  .option("--block <name...>", "only these blocks (technical names)")
  .action(async (parsed: ParsedScaffoldFlags) => {
    const { resolveScaffoldFlags, scaffoldCommand } = await import("./scaffold.js");
    process.exitCode = await scaffoldCommand(resolveScaffoldFlags(parsed));
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof BadInput)) {
    // An unexpected failure: the message, and the stack only when asked for.
    console.error(`storyblok-typed-codegen: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    process.exit(1);
  }
  console.error(error.message);
  process.exit(EXIT.badInput);
}
