#!/usr/bin/env -S npx tsx
/**
 * `portfolio`: the project's CLI. Each command lives in bin/commands/ and is a
 * thin shell around codegen/ or src/content/: it parses flags, touches the
 * disk and chooses the exit code; the libraries return data.
 */
import { Command } from "commander";

type Register = (program: Command) => void;

/**
 * The commands in the order help lists them, each loaded on demand: a run of
 * one command (`portfolio generate`) loads only that command's module and what
 * it imports, not every other command's (a fifth of `generate`'s start-up).
 * Help, `help <command>` and anything unknown load them all, so the listing
 * and commander's suggestions are unchanged.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  schema: async () => (await import("./commands/schema")).registerSchema,
  space: async () => (await import("./commands/space")).registerSpace,
  generate: async () => (await import("./commands/generate")).registerGenerate,
  check: async () => (await import("./commands/check")).registerCheck,
  blocks: async () => (await import("./commands/blocks")).registerBlocks,
  content: async () => (await import("./commands/content")).registerContent,
  messages: async () => (await import("./commands/messages")).registerMessages,
  migrate: async () => (await import("./commands/migrate")).registerMigrate,
  webhook: async () => (await import("./commands/webhook")).registerWebhook,
};

const program = new Command()
  .name("portfolio")
  .description(
    "Generate types from the Storyblok content model, migrate and serve the embedded content and read the contact form's messages.",
  )
  .showHelpAfterError();

const requested = process.argv[2];
const names = requested !== undefined && Object.hasOwn(COMMANDS, requested) ? [requested] : Object.keys(COMMANDS);
for (const register of await Promise.all(names.map((name) => COMMANDS[name]!()))) register(program);

await program.parseAsync(process.argv);
