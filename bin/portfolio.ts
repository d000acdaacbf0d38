#!/usr/bin/env -S npx tsx
/**
 * `portfolio`: the project's CLI. Each command lives in bin/commands/ and is a
 * thin shell around codegen/ or src/content/: it parses flags, touches the
 * disk and chooses the exit code; the libraries return data.
 */
import { Command } from "commander";
import { registerCheck } from "./commands/check";
import { registerContent } from "./commands/content";
import { registerGenerate } from "./commands/generate";
import { registerMessages } from "./commands/messages";
import { registerMigrate } from "./commands/migrate";
import { registerSchema } from "./commands/schema";
import { registerSpace } from "./commands/space";
import { registerWebhook } from "./commands/webhook";

const program = new Command()
  .name("portfolio")
  .description("Generate types from the Storyblok content model, migrate and serve the embedded content and read the contact form's messages.")
  .showHelpAfterError();

registerSchema(program);
registerSpace(program);
registerGenerate(program);
registerCheck(program);
registerContent(program);
registerMessages(program);
registerMigrate(program);
registerWebhook(program);

await program.parseAsync(process.argv);
