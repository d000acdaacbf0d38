#!/usr/bin/env node
/**
 * The package's bin: the CLI (program.ts) on this process's arguments. The
 * library (../index.ts) returns data; the CLI touches the disk and chooses
 * the exit code. exitCode, not exit(): a long diff on a pipe is flushed first.
 */
import { runCli } from "./program.js";

process.exitCode = await runCli(process.argv.slice(2));
