import type { Command } from "commander";
import { reportDrift, runCli } from "storyblok-typed-codegen/cli";
import { EXIT } from "./exit-codes";
import { addCodegenFlags, binArgs, runGenerator, type CodegenFlags, type RemoteSchema } from "./generate";
import { addSpaceFlags, pullOrExit, type SpaceFlags } from "./schema";
import { dirname } from "node:path";
import { isDirectory, readSideFile } from "storyblok-typed-codegen";
import { spaceLanguageDrift } from "../../tools/content-validation/space-languages";

interface CheckFlags extends CodegenFlags, SpaceFlags {
  remote?: boolean;
  dir: string;
  migrations: string;
}

/**
 * `portfolio check`: the generator package's `check` compares --out with
 * what it would write (its CLI, run in this process).
 * Exit 0 when fresh, 1 on drift (a change summary and a diff per file),
 * 2 on bad input. With --remote the schema is read from the live space.
 * Without it, the content must follow too (migrate/content-drift.ts): no
 * breaking schema change without a migration, no migration not run on
 * --dir, no story that does not validate.
 */
export function registerCheck(program: Command): void {
  const check = addCodegenFlags(
    program
      .command("check")
      .description(
        "Exit 1 with a diff when --out is not what generate would write (the drift check), or when the content does not follow the schema.",
      ),
  )
    .option("--dir <dir>", "the content folder that must follow the schema (skipped when it does not exist)", "content")
    .option("--migrations <dir>", "the migrations folder whose last snapshot schema changes are held to", "migrations");
  addSpaceFlags(
    check.option("--remote", "compare with the schema of the live space (--space) instead of --schema; the content is not checked"),
  ).action(async (flags: CheckFlags, command: Command) => {
    if (flags.remote) {
      const run = runGenerator(flags, await pullRemote(flags));
      if (run === undefined) process.exit(EXIT.badInput);
      const fix = `\`npm run portfolio -- schema pull --space ${flags.space}\`, then \`npm run codegen\``;
      // exitCode, not exit(): a long diff on a pipe must be flushed first.
      process.exitCode = run.skipped.length > 0 ? EXIT.badInput : reportDrift(run.files, flags.out, `space ${flags.space}`, fix);
      return;
    }
    const verdict = await runCli(["check", ...binArgs(flags)]);
    if (verdict === EXIT.badInput) process.exit(EXIT.badInput);
    // The content is held to what generate writes; the package reported its warnings already.
    const run = runGenerator({ ...flags, warn: true, verbose: false }, undefined, { quiet: true });
    if (run === undefined) process.exit(EXIT.badInput);
    if (command.getOptionValueSource("dir") === "cli" && !isDirectory(flags.dir)) {
      console.error(`--dir ${flags.dir}: no such folder.`);
      process.exit(EXIT.badInput);
    }
    const { checkContentDrift } = await import("./migrate/content-drift");
    const content = await checkContentDrift({ ...flags, files: run.files, generatedIsCurrent: verdict === EXIT.ok });
    const languages = checkSpaceLanguages(flags);
    // A schema with components that cannot be typed is bad input, even when the rest is up to date.
    process.exitCode = run.skipped.length > 0 ? EXIT.badInput : Math.max(verdict, content, languages);
  });
}

/** The local space's languages (--dir's space/space.json, when it lists any) must be the ones src/generated has locales for. */
function checkSpaceLanguages(flags: CheckFlags): number {
  const languages = readSideFile(flags.languages, flags.schema, "languages");
  const schemaLabel = languages.path ?? `${isDirectory(flags.schema) ? flags.schema : dirname(flags.schema)}/languages.json`;
  const drift = spaceLanguageDrift(flags.dir, languages.value, schemaLabel);
  if (drift.length === 0) return EXIT.ok;
  console.log(`The local space's languages are not the ones ${flags.out} is generated for:`);
  for (const line of drift) console.log(`  ${line}`);
  console.log(
    `Make them the same: edit ${schemaLabel} and run \`npm run codegen\`, or set the local space's (${flags.dir}/space/space.json, or \`schema push\` to \`portfolio content serve\`'s Management API).`,
  );
  return EXIT.drift;
}

async function pullRemote(flags: CheckFlags): Promise<RemoteSchema> {
  const pulled = await pullOrExit(flags);
  return {
    documents: [{ components: pulled.components, component_groups: pulled.componentGroups }],
    datasources: { datasources: pulled.datasources },
    languages: pulled.languages,
  };
}
