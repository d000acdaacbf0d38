/**
 * `portfolio space push --space ID`: the repository's schema, then its
 * embedded content, onto a Storyblok space. A thin shell: it reads flags,
 * confirms, prints and chooses the exit code; tools/management-api/ does the work.
 * Exit 0 done, 1 the Management API failed (run it again to resume), 2 bad
 * input or usage, a breaking schema change, or no confirmation.
 */
import { resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import type { PushSummary } from "../../tools/space-push";
import type { SchemaPlan } from "../../tools/schema-push/plan-model";
import type { ManagementClient } from "../../tools/management-api/management-client";
import { BadInput } from "storyblok-typed-codegen";
import { addSpaceFlags, managementClientOrExit, type SpaceFlags } from "./space-flags";

interface PushFlags extends SpaceFlags {
  dir: string;
  schema: string;
  migrations: string;
  journal?: string;
  dryRun?: boolean;
  yes?: boolean;
  force?: boolean;
}

export function registerSpace(program: Command): void {
  const space = program.command("space").description("Move the repository's schema and content to a Storyblok space.");
  const push = space
    .command("push")
    .description(
      "Push the schema (as schema push), then the content's folders, assets and stories, each in its state; idempotent and resumable.",
    )
    .option("--dir <dir>", "content directory (stories/, drafts/, assets/)", "content")
    .option("--schema <dir>", "the schema folder (components.json, relations.json, datasources.json)", "schema")
    .option("--migrations <dir>", "the migrations folder (as schema push's)", "migrations")
    .option("--journal <file>", "where the push records its progress; default .data/space-push/<space>.json")
    .option("--dry-run", "show what would be created and updated; write nothing, not even the journal")
    .option("--yes", "apply without asking")
    .option("--force", "overwrite stories edited in the space since the last push (without it they are listed and left alone)");
  addSpaceFlags(push).action(async (flags: PushFlags) => {
    process.exitCode = await spacePush(flags);
  });
}

async function spacePush(flags: PushFlags): Promise<number> {
  // One client for both steps: its request window keeps the 3 requests per second across them.
  const client = await managementClientOrExit(flags, "Pushing to a space");
  // The content is checked before the first request: bad input stops the push before the schema step writes.
  const sp = await import("../../tools/space-push");
  let pushedSlugs: string[];
  try {
    pushedSlugs = (await sp.readLocalContent(resolve(flags.dir), resolve(flags.schema, "components.json"))).stories.map(
      (story) => story.fullSlug,
    );
  } catch (error) {
    if (error instanceof sp.LocalContentError || error instanceof sp.MissingAssetsError) {
      console.error(`space push: ${error.message}`);
      return 2;
    }
    console.error(`space push: ${(error as Error).message}`);
    return 2;
  }
  const schemaStep = await pushSchemaStep(client, flags, pushedSlugs);
  if (schemaStep !== 0) return schemaStep;
  const contentStep = await pushContentStep(client, flags);
  if (contentStep !== 0) return contentStep;
  return migrationsStep(client, flags, pushedSlugs);
}

/** The migrations the pushed content has had, recorded in the space's journal (tools/migrations/space/pushed-migrations.ts). */
async function migrationsStep(client: ManagementClient, flags: PushFlags, pushedSlugs: string[]): Promise<number> {
  const { recordPushedMigrations } = await import("../../tools/migrations/space/pushed-migrations");
  const { toManagementRequestError } = await import("../../tools/management-api/management-errors");
  try {
    const outcome = await recordPushedMigrations(client, { dir: resolve(flags.dir), pushedSlugs, dryRun: flags.dryRun === true });
    switch (outcome.kind) {
      case "would-record":
        console.log(
          `Migrations: would record in the space's portfolio-migrations datasource the ${outcome.recorded.length} ${flags.dir} has had: ${outcome.recorded.join(", ")}.`,
        );
        break;
      case "recorded":
        if (outcome.recorded.length > 0) {
          console.log(
            `Migrations: recorded in the space's portfolio-migrations datasource the ${outcome.recorded.length} ${flags.dir} has had (${outcome.recorded.join(", ")}): \`migrate run --space\` will not run them again.`,
          );
        }
        break;
      case "other-stories":
        console.warn(
          `warning: migrations not recorded in the space: it also holds ${outcome.others.length} story(ies) ${flags.dir} does not (${outcome.others.join(", ")}), ` +
            `which have not had ${outcome.missing.join(", ")}. \`migrate run --space\` would run those on every story, the pushed ones too: ` +
            `move those stories into ${flags.dir} (or delete them from the space), then push again.`,
        );
        break;
    }
    return 0;
  } catch (error) {
    console.error(
      `space push failed, recording the content's migrations in the space: ${toManagementRequestError(error).message}. Run the same command again: the stories are pushed, and it records what is missing.`,
    );
    return 1;
  }
}

/** The space's components, groups, presets and datasources brought to schema/ first: stories are only valid against them. */
async function pushSchemaStep(client: ManagementClient, flags: PushFlags, pushedSlugs: string[]): Promise<number> {
  const { pushSchema, SchemaPushError } = await import("../../tools/schema-push/push-schema");
  const { renderPlan } = await import("../../tools/schema-push/render-plan");
  const { writeTotal } = await import("../../tools/schema-push/apply-plan");
  const show = (plan: SchemaPlan) =>
    console.log(`Schema plan for space ${flags.space} from ${flags.schema}/:\n${renderPlan(plan).join("\n")}\n`);
  try {
    const result = await pushSchema(client, {
      schemaDir: flags.schema,
      migrationsDir: flags.migrations,
      spaceId: flags.space,
      pushing: { dir: flags.dir, slugs: pushedSlugs },
      dryRun: flags.dryRun === true,
      confirm: async (plan) => {
        show(plan);
        return flags.yes === true || (await confirm("Apply this schema plan?"));
      },
    });
    switch (result.outcome) {
      case "unchanged":
        console.log(`Schema: space ${flags.space} already holds ${flags.schema}/.`);
        return 0;
      case "dry-run":
        show(result.plan);
        return 0;
      case "applied":
        console.log(
          `Schema: ${writeTotal(result.writes)} write call(s) (${result.writes.created} created, ${result.writes.updated} updated, ${result.writes.deleted} deleted).`,
        );
        return 0;
      case "refused":
        show(result.plan);
        console.error(
          `Refused, nothing was written: the schema plan has ${result.plan.breaking.length} breaking change(s)` +
            (result.coverage?.covered === false ? `, not yet covered by migrations: ${result.coverage.reason}. ` : ". ") +
            "Review them with `portfolio schema push` and apply them there with --allow-breaking, then push the space again.",
        );
        return 2;
      case "declined":
        console.error(declined());
        return 2;
    }
  } catch (error) {
    if (error instanceof BadInput) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof SchemaPushError) {
      console.error(
        `space push failed, pushing the schema: ${error.message}. Run the same command again: it compares with the space afresh.`,
      );
      return 1;
    }
    throw error;
  }
}

async function pushContentStep(client: ManagementClient, flags: PushFlags): Promise<number> {
  const sp = await import("../../tools/space-push");
  const options = {
    spaceId: Number(flags.space),
    dir: resolve(flags.dir),
    componentsPath: resolve(flags.schema, "components.json"),
    journalPath: resolve(flags.journal ?? sp.defaultJournalPath(process.cwd(), flags.space!)),
    force: flags.force === true,
    // What the journal is kept for, read as managementClientOrExit reads it (an empty variable is unset).
    target:
      flags.apiUrl ??
      (process.env.STORYBLOK_MANAGEMENT_API_URL || undefined) ??
      `region:${flags.region ?? (process.env.STORYBLOK_REGION || "eu")}`,
  };
  try {
    if (flags.dryRun) {
      const summary = await sp.pushContent(client, { ...options, dryRun: true });
      printWrites(summary, sp.describeAction);
      printSummary(summary, flags, sp.totalRequests);
      return 0;
    }
    if (!flags.yes) {
      const plan = await sp.pushContent(client, { ...options, dryRun: true });
      printWrites(plan, sp.describeAction);
      if (plan.actions.length === 0) {
        printSummary(plan, flags, sp.totalRequests);
        return 0;
      }
      if (!(await confirm(`Apply these ${plan.actions.length} writes to space ${flags.space}?`))) {
        console.error(declined());
        return 2;
      }
    }
    console.log(`Content: ${flags.dir} to space ${flags.space}:`);
    const summary = await sp.pushContent(client, { ...options, onAction: (action) => console.log(`  ${sp.describeAction(action)}`) });
    printSummary(summary, flags, sp.totalRequests);
    // Not the content's state yet: exit 1, and the space's journal is not told the content's migrations.
    return summary.editedInSpace.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof sp.LocalContentError || error instanceof sp.MissingAssetsError) {
      console.error(`space push: ${error.message}`);
      return 2;
    }
    if (error instanceof sp.SpacePushError) {
      console.error(`space push failed, ${error.message}`);
      if (!flags.dryRun) console.error(`Run the same command again to go on from there (progress is in ${options.journalPath}).`);
      return 1;
    }
    throw error;
  }
}

function declined(): string {
  return process.stdin.isTTY ? "Nothing was written." : "Nothing was written: pass --yes to apply without a terminal to confirm on.";
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

function printWrites(summary: PushSummary, describe: (action: PushSummary["actions"][number]) => string): void {
  if (summary.actions.length === 0) {
    console.log("Content: the space already holds it, nothing to write.");
    return;
  }
  console.log(`Content: writes ${summary.dryRun ? "a push would make" : "made"}:`);
  for (const action of summary.actions) console.log(`  ${describe(action)}`);
}

function printSummary(summary: PushSummary, flags: PushFlags, total: (counts: PushSummary["requests"]) => number): void {
  const counts = (name: string, kind: PushSummary["folders"]) =>
    `  ${name.padEnd(8)} ${kind.created} created, ${kind.updated} updated, ${kind.unchanged} unchanged`;
  const { reads, writes, uploads } = summary.requests;
  console.log(
    `${summary.dryRun ? "Dry run of" : "Pushed"} ${flags.dir} to space ${flags.space} in ${(summary.elapsedMs / 1000).toFixed(1)} s${summary.dryRun ? " (nothing written)" : ""}:`,
  );
  console.log(counts("folders", summary.folders));
  console.log(counts("assets", summary.assets));
  console.log(counts("stories", summary.stories));
  console.log(`  requests ${total(summary.requests)}: ${reads} reads, ${writes} writes, ${uploads} file uploads`);
  for (const warning of summary.warnings) console.warn(`warning: ${warning}`);
  if (summary.editedInSpace.length > 0) {
    console.error(
      `${summary.editedInSpace.length} story(ies) were edited in the space since the last push and were left as the space has them ` +
        `(--force overwrites them with ${flags.dir}'s):\n${summary.editedInSpace.map((slug) => `  ${slug}`).join("\n")}`,
    );
  }
}
