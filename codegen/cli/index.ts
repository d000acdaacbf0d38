/**
 * The "./cli" export: the package's commands for a project's own CLI, run
 * in-process. `runCli` is the bin itself; the rest are its parts for a
 * command that reports differently (the portfolio's `check --remote`, its
 * migrations). A library imports ".", never this: it prints and touches the disk.
 */
export { runCli } from "./program.js";
export { runGenerator, schemaLabel, type CodegenFlags, type GeneratorRun, type RemoteSchema } from "./run.js";
export { readGeneratedDir, writeGenerated } from "./write.js";
export { reportDrift } from "./check.js";
export { loadConfig, type Config } from "./config.js";
export { resolveScaffoldFlags, scaffoldCommand, type ParsedScaffoldFlags, type ScaffoldFlags } from "./scaffold.js";
export { addCodegenFlags, resolveFlags, type ParsedFlags } from "./options.js";
export { importExtensionFor, importExtensionSetting, type ImportExtensionSetting } from "./import-style.js";
