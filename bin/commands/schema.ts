import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { pulledSchemaFiles, type PulledSchema } from "storyblok-typed-codegen";
import { registerSchemaPush } from "./schema-push";
import { addSpaceFlags, managementClientOrExit, type SpaceFlags } from "./space-flags";

export { addSpaceFlags, type SpaceFlags } from "./space-flags";

interface PullFlags extends SpaceFlags {
  dir: string;
}

/**
 * `portfolio schema pull --space ID`: saves the space's components, groups,
 * datasources and languages into schema/. Exit 0 on success, 1 when the API fails,
 * 2 when the space or token is missing. `schema push` is in schema-push.ts.
 */
export function registerSchema(program: Command): void {
  const schema = program.command("schema").description("Manage the content model in schema/.");
  const pull = schema
    .command("pull")
    .description("Download components, component groups, datasources and languages from a Storyblok space.")
    .option("--dir <dir>", "where to write components.json, datasources.json and languages.json", "schema");
  addSpaceFlags(pull).action(async (flags: PullFlags) => {
    const pulled = await pullOrExit(flags);
    const files = pulledSchemaFiles(pulled);
    mkdirSync(flags.dir, { recursive: true });
    for (const file of files) writeFileSync(join(flags.dir, file.path), file.contents);
    console.log(`Pulled space ${flags.space} into ${files.map((file) => join(flags.dir, file.path)).join(", ")}.`);
  });
  registerSchemaPush(schema);
}

/** Pulls the space's schema; exits 2 without a space or token and 1 when the API fails. */
export async function pullOrExit(flags: SpaceFlags): Promise<PulledSchema> {
  const client = await managementClientOrExit(flags, "Reading a space");
  const { pullSpaceSchema } = await import("../../tools/management-api/pull-space-schema");
  const { toManagementRequestError } = await import("../../tools/management-api/management-errors");
  try {
    return await pullSpaceSchema(client);
  } catch (error) {
    console.error(`Reading space ${flags.space} failed: ${toManagementRequestError(error).message}`);
    process.exit(1);
  }
}
