import type { Command } from "commander";
import { componentsSource, findDrift, summariseComponentChanges, type GeneratedFile } from "../../codegen";
import { addCodegenFlags, EXIT, readGeneratedDir, runGenerator, type CodegenFlags, type RemoteSchema } from "./generate";
import { addSpaceFlags, pullOrExit, type SpaceFlags } from "./schema";
import { isDirectory } from "./schema-files";

interface CheckFlags extends CodegenFlags, SpaceFlags {
  remote?: boolean;
  dir: string;
  migrations: string;
}

/**
 * `portfolio check`: regenerates in memory and compares with --out.
 * Exit 0 when fresh, 1 on drift (a change summary and a diff per file),
 * 2 on bad input. With --remote the schema is read from the live space.
 * Without it, the content must follow too (migrate/content-drift.ts): no
 * breaking schema change without a migration, no migration not run on
 * --dir, no story that does not validate.
 */
export function registerCheck(program: Command): void {
  const check = addCodegenFlags(program.command("check").description("Exit 1 with a diff when --out is not what generate would write (the drift check), or when the content does not follow the schema."))
    .option("--dir <dir>", "the content folder that must follow the schema (skipped when it does not exist)", "content")
    .option("--migrations <dir>", "the migrations folder whose last snapshot schema changes are held to", "migrations");
  addSpaceFlags(check.option("--remote", "compare with the schema of the live space (--space) instead of --schema; the content is not checked")).action(
    async (flags: CheckFlags, command: Command) => {
      const remote = flags.remote ? await pullRemote(flags) : undefined;
      const run = runGenerator(flags, remote);
      if (run === undefined) process.exit(EXIT.badInput);
      const source = flags.remote ? `space ${flags.space}` : flags.schema;
      const fix = flags.remote ? `\`npm run portfolio -- schema pull --space ${flags.space}\`, then \`npm run codegen\`` : "`npm run codegen`";
      // exitCode, not exit(): a long diff on a pipe must be flushed first.
      const verdict = report(run.files, flags.out, source, fix);
      let content: number = EXIT.ok;
      if (!flags.remote) {
        if (command.getOptionValueSource("dir") === "cli" && !isDirectory(flags.dir)) {
          console.error(`--dir ${flags.dir}: no such folder.`);
          process.exit(EXIT.badInput);
        }
        const { checkContentDrift } = await import("./migrate/content-drift");
        content = await checkContentDrift({ ...flags, files: run.files, generatedIsCurrent: verdict === EXIT.ok });
      }
      // A schema with components that cannot be typed is bad input, even when the rest is up to date.
      process.exitCode = run.skipped.length > 0 ? EXIT.badInput : Math.max(verdict, content);
    },
  );
}

async function pullRemote(flags: CheckFlags): Promise<RemoteSchema> {
  const pulled = await pullOrExit(flags);
  return {
    documents: [{ components: pulled.components, component_groups: pulled.componentGroups }],
    datasources: { datasources: pulled.datasources },
  };
}

function report(files: GeneratedFile[], out: string, source: string, fix: string): number {
  const onDisk = readGeneratedDir(out);
  const drift = findDrift(files, onDisk, out);
  if (drift.length === 0) {
    console.log(`${out} is up to date with ${source}.`);
    return EXIT.ok;
  }
  const changes = summariseComponentChanges(onDisk.get("components.ts") ?? "", componentsSource(files));
  if (changes.length > 0) {
    console.log(`Content-model changes not yet in ${out}:`);
    for (const change of changes) console.log(`  ${change}`);
    console.log("");
  }
  for (const entry of drift) {
    console.log(`${entry.kind === "changed" ? "Stale" : entry.kind === "missing" ? "Missing" : "Extra"}: ${out}/${entry.path}`);
    console.log(entry.diff);
  }
  console.log(`${drift.length} generated file(s) out of date. Run ${fix} to update ${out}/.`);
  return EXIT.drift;
}
