import type { Command } from "commander";
import { runCli } from "storyblok-typed-codegen/cli";

/**
 * `portfolio blocks add NAME…`: a typed renderer for each named block in
 * src/blocks/ and its entry in src/blocks/registry.ts, by the generator
 * package's `scaffold` (which never overwrites a file). The renderer imports
 * the site's own helpers, which package.json's "storyblok-typed-codegen".helpers
 * names (src/preview/editable.ts, src/content/shaping/links.ts, src/richtext/,
 * src/blocks/Blocks.tsx), so no copy of them is written. Run `npm run codegen`
 * first when the block is new in the schema: the scaffold takes the schema
 * src/generated was generated from.
 */
export function registerBlocks(program: Command): void {
  program
    .command("blocks")
    .description("Renderers in src/blocks/.")
    .command("add")
    .argument("<names...>", "the blocks' technical names, as in schema/components.json")
    .description("Scaffold a typed renderer for each block and add it to src/blocks/registry.ts; never overwrites a file.")
    .option("--schema <path>", "the schema", "schema/components.json")
    .option("--out <dir>", "the generated files", "src/generated")
    .option("--dir <dir>", "the renderers", "src/blocks")
    .action(async (names: string[], flags: { schema: string; out: string; dir: string }) => {
      process.exitCode = await runCli(["scaffold", "--schema", flags.schema, "--out", flags.out, "--dir", flags.dir, "--block", ...names]);
    });
}
