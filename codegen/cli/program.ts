/**
 * The package's CLI as a function: parses flags, touches the disk, returns
 * the exit code (0 done, 1 drift or a failed API call, 2 bad input). Bad
 * input is one line saying what and where, never a stack. The package's bin
 * and a project's own CLI (the portfolio's `generate`, `check`, `blocks add`)
 * run it in-process, so one run never spawns another node.
 *
 * Each command imports what it uses when it runs, so a command pays only for
 * its own modules: the Management API client only for `pull`, ts-morph only
 * for `scaffold`, the drift report only for `check`.
 */
import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { EXIT } from "../exit-codes.js";
import { BadInput } from "../schema-files.js";
import { addCodegenFlags, resolveFlags, type ParsedFlags } from "./options.js";
import type { PullFlags } from "./pull.js";
import type { ParsedScaffoldFlags } from "./scaffold.js";

/** What a command's action returns: its exit code, or nothing for 0 (or, for `watch`, for a run that goes on). */
type Outcome = number | undefined;

/**
 * The package's version, from its own package.json by the package's name
 * (Node.js resolves a package's own name from inside it), so it is the
 * installed one however the CLI was reached: the bin, its bundle, or
 * another CLI that runs this in-process. Read only when asked for: the
 * resolution costs some 4 ms, which every `generate` would otherwise pay.
 */
function packageVersion(): string {
  return (createRequire(import.meta.url)("storyblok-typed-codegen/package.json") as { version: string }).version;
}

/**
 * Prints the version and ends the run with 0, as commander's own `.version()`
 * does under `exitOverride` (a CommanderError that runCli turns into its
 * code), but reading the version only now.
 */
function printVersion(): never {
  process.stdout.write(`${packageVersion()}\n`);
  throw new CommanderError(EXIT.ok, "commander.version", "");
}

function program(setExitCode: (code: number) => void): Command {
  const root = new Command()
    .name("storyblok-typed-codegen")
    .description("TypeScript types, a typed block registry, runtime guards and React renderers from a Storyblok content model.")
    .option("-V, --version", "print the package's version")
    .on("option:version", printVersion)
    .showHelpAfterError()
    // commander exits the process on a usage error or --help; in-process it throws instead, and runCli returns its code.
    .exitOverride();
  const done = (outcome: Outcome) => setExitCode(outcome ?? EXIT.ok);

  addCodegenFlags(root.command("generate").description("Write the types, block registry and guards for the schema into --out.")).action(
    async (parsed: ParsedFlags) => done(await generateCommand(parsed)),
  );

  addCodegenFlags(root.command("check").description("Exit 1 with a diff when --out is not what generate would write.")).action(
    async (parsed: ParsedFlags) => done(await checkCommand(parsed)),
  );

  addCodegenFlags(root.command("watch").description("Generate, then again whenever the schema or a side file changes.")).action(
    async (parsed: ParsedFlags) => {
      const { watchSchema } = await import("./watch.js");
      watchSchema(resolveFlags(parsed));
    },
  );

  root
    .command("pull")
    .description("Save a space's components, groups, datasources and languages as components.json, languages.json (and datasources.json).")
    .requiredOption("--space <id>", "the space's numeric id")
    .option("--dir <dir>", "where to write them", "schema")
    .option("--token <oauth>", "personal access token; default $STORYBLOK_OAUTH_TOKEN")
    .option("--region <code>", "eu, us, ca, ap or cn; default $STORYBLOK_REGION or eu")
    .option("--api-url <url>", "Management API base URL; default $STORYBLOK_MANAGEMENT_API_URL")
    .action(async (flags: PullFlags & { dir: string }) => done(await pullCommand(flags)));

  root
    .command("scaffold")
    .description("Write a typed renderer for each nestable block that has none, and add it to <dir>/registry.ts. Never overwrites a file.")
    .option("--schema <path>", "the schema --out was generated from (default: the one its files name); another is refused")
    .option("--out <dir>", "the generated files' folder")
    .option("--dir <dir>", "the renderers' folder")
    .option("--block <name...>", "only these blocks (technical names)")
    .action(async (parsed: ParsedScaffoldFlags) => {
      const { resolveScaffoldFlags, scaffoldCommand } = await import("./scaffold.js");
      done(await scaffoldCommand(resolveScaffoldFlags(parsed)));
    });
  return root;
}

async function generateCommand(parsed: ParsedFlags): Promise<Outcome> {
  const flags = resolveFlags(parsed);
  const [{ runGenerator }, { writeGenerated }] = await Promise.all([import("./run.js"), import("./write.js")]);
  const run = runGenerator(flags);
  if (run === undefined) return EXIT.badInput;
  const changed = writeGenerated(flags.out, run.files);
  console.log(`Generated ${run.files.length} files in ${flags.out} (${changed} changed).`);
  return run.skipped.length > 0 ? EXIT.badInput : EXIT.ok;
}

async function checkCommand(parsed: ParsedFlags): Promise<Outcome> {
  const flags = resolveFlags(parsed);
  const [{ runGenerator }, { reportDrift }] = await Promise.all([import("./run.js"), import("./check.js")]);
  const run = runGenerator(flags);
  if (run === undefined) return EXIT.badInput;
  const fix =
    flags.command === undefined
      ? `\`npx storyblok-typed-codegen generate --schema ${flags.schema} --out ${flags.out}\``
      : `\`${flags.command}\``;
  return run.skipped.length > 0 ? EXIT.badInput : reportDrift(run.files, flags.out, flags.schema, fix);
}

async function pullCommand(flags: PullFlags & { dir: string }): Promise<Outcome> {
  const { describeApiError, pullSpace, writePulled } = await import("./pull.js");
  let pulled;
  try {
    pulled = await pullSpace(flags);
  } catch (error) {
    if (error instanceof BadInput) throw error;
    console.error(`Reading space ${flags.space} failed: ${describeApiError(error)}`);
    return 1;
  }
  console.log(`Pulled space ${flags.space} into ${writePulled(flags.dir, pulled).join(", ")}.`);
  return EXIT.ok;
}

/**
 * Runs `storyblok-typed-codegen <args>` in this process (args without node
 * and the script: `["generate", "--out", "x"]`) and returns its exit code.
 * It never calls process.exit, so a long diff on a pipe is flushed by the
 * caller's normal exit; `watch` returns once it is watching and runs on.
 */
export async function runCli(args: readonly string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  try {
    await program((code) => {
      exitCode = code;
    }).parseAsync([...args], { from: "user" });
    return exitCode;
  } catch (error) {
    // commander already printed a usage error or the help; its code is the answer.
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof BadInput) {
      console.error(error.message);
      return EXIT.badInput;
    }
    // An unexpected failure: the message, and the stack only when asked for.
    console.error(`storyblok-typed-codegen: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    return 1;
  }
}
