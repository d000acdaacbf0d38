import type { Command } from "commander";
import { findDrift, summariseComponentChanges } from "../../codegen";
import { addCodegenFlags, EXIT, readGeneratedDir, runGenerator, type CodegenFlags } from "./generate";

/**
 * `portfolio check`: regenerates in memory and compares with --out.
 * Exit 0 when fresh, 1 on drift (with a diff per file), 2 on bad input.
 */
export function registerCheck(program: Command): void {
  addCodegenFlags(program.command("check").description("fail when --out is not what generate would write")).action(
    (flags: CodegenFlags) => {
      const files = runGenerator(flags);
      if (files === undefined) process.exit(EXIT.badInput);
      const onDisk = readGeneratedDir(flags.out);
      const drift = findDrift(files, onDisk, flags.out);
      if (drift.length === 0) {
        console.log(`${flags.out} is up to date with ${flags.schema}.`);
        return;
      }
      const fresh = files.find((file) => file.path === "components.ts")?.contents ?? "";
      const changes = summariseComponentChanges(onDisk.get("components.ts") ?? "", fresh);
      if (changes.length > 0) {
        console.log(`Content-model changes not yet in ${flags.out}:`);
        for (const change of changes) console.log(`  ${change}`);
        console.log("");
      }
      for (const entry of drift) {
        console.log(`${entry.kind === "changed" ? "Stale" : entry.kind === "missing" ? "Missing" : "Extra"}: ${flags.out}/${entry.path}`);
        console.log(entry.diff);
      }
      console.log(`${drift.length} generated file(s) out of date. Run \`npm run codegen\` to update ${flags.out}/.`);
      process.exit(EXIT.drift);
    },
  );
}
