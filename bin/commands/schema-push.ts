import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import type { SchemaPlan } from "../../tools/schema-push/plan-model";
import type { SpaceCoverage } from "../../tools/migrations/space/space-coverage";
import { addSpaceFlags, managementClientOrExit, type SpaceFlags } from "./space-flags";
import { BadInput } from "storyblok-typed-codegen";

interface PushFlags extends SpaceFlags {
  dir: string;
  migrations: string;
  dryRun?: boolean;
  yes?: boolean;
  allowBreaking?: boolean;
  prune?: boolean;
}

const EXIT = { ok: 0, apiFailed: 1, refused: 2 } as const;

/**
 * `portfolio schema push --space ID`: prints the plan that brings the space's
 * groups, components, presets and datasources to what schema/ holds, then
 * applies it with --yes or after a yes on a terminal. Exit 0 when done or
 * nothing to do, 1 when the API fails, 2 for usage, bad input, breaking
 * changes without --allow-breaking, no --yes off a terminal, or a no.
 */
export function registerSchemaPush(schema: Command): void {
  const push = schema
    .command("push")
    .description(
      "Bring a Storyblok space's component groups, components, presets and datasources to what schema/ holds, after showing the plan.",
    )
    .option("--dir <dir>", "the schema folder (components.json, datasources.json if any)", "schema")
    .option("--dry-run", "print the plan and write nothing")
    .option("--yes", "apply without asking")
    .option("--allow-breaking", "apply breaking changes too (fields removed or retyped, components, datasources or entries removed)")
    .option(
      "--migrations <dir>",
      "the migrations folder: breaking changes the space's stories have had every migration for are applied without --allow-breaking",
      "migrations",
    )
    .option("--prune", "delete what the space has and schema/ does not name (without it, those are left and listed)");
  addSpaceFlags(push).action(async (flags: PushFlags) => {
    process.exitCode = await pushCommand(flags);
  });
}

async function pushCommand(flags: PushFlags): Promise<number> {
  const client = await managementClientOrExit(flags, "Pushing a schema");
  const { pushSchema, SchemaPushError } = await import("../../tools/schema-push/push-schema");
  const { renderPlan } = await import("../../tools/schema-push/render-plan");
  const { writeTotal } = await import("../../tools/schema-push/apply-plan");
  const target = `space ${flags.space}`;
  let shown = false;
  const show = (plan: SchemaPlan) => {
    if (shown) return;
    shown = true;
    console.log(`Plan for ${target} from ${flags.dir}/:\n`);
    console.log(renderPlan(plan).join("\n"));
  };

  try {
    const result = await pushSchema(client, {
      schemaDir: flags.dir,
      allowBreaking: flags.allowBreaking === true,
      migrationsDir: flags.migrations,
      spaceId: flags.space,
      prune: flags.prune === true,
      dryRun: flags.dryRun === true,
      confirm: async (plan) => {
        show(plan);
        return flags.yes === true || (process.stdin.isTTY === true && (await ask("\nApply this plan? (y/N) ")));
      },
    });
    show(result.plan);
    switch (result.outcome) {
      case "unchanged":
        return EXIT.ok;
      case "refused":
        console.error(refusal(result.plan, flags.dryRun === true, result.coverage));
        return EXIT.refused;
      case "dry-run":
        console.log("\nDry run: nothing was written.");
        return EXIT.ok;
      case "declined":
        console.error(
          process.stdin.isTTY === true
            ? "\nNothing was written."
            : "\nNothing was written: not on a terminal, so there is no one to ask. Pass --yes to apply the plan.",
        );
        return EXIT.refused;
      case "applied": {
        const { created, updated, deleted } = result.writes;
        console.log(
          `\nApplied to ${target}: ${writeTotal(result.writes)} write call(s) (${created} created, ${updated} updated, ${deleted} deleted).`,
        );
        return EXIT.ok;
      }
    }
  } catch (error) {
    if (error instanceof BadInput) {
      console.error(error.message);
      return EXIT.refused;
    }
    if (!(error instanceof SchemaPushError)) throw error;
    const done = writeTotal(error.writes);
    console.error(
      done === 0
        ? `Pushing the schema to ${target} failed: ${error.message}`
        : `Pushing the schema to ${target} failed after ${done} write call(s): ${error.message}. Push again: it compares with the space afresh and does what is left.`,
    );
    return EXIT.apiFailed;
  }
}

function refusal(plan: SchemaPlan, dryRun: boolean, coverage: SpaceCoverage | undefined): string {
  return [
    "",
    `${dryRun ? "This plan would be refused" : "Refused, nothing was written"}: ${plan.breaking.length} breaking change(s):`,
    ...plan.breaking.map((change) => `  ${change.subject}: ${change.reason}`),
    ...(coverage?.covered === false ? [`Not yet covered by migrations: ${coverage.reason}.`] : []),
    "Stories in the space may hold values these remove or retype. Move them first with a content migration (see `portfolio migrate new`, then `portfolio migrate run --space`): " +
      "once the space has had every migration, the same push applies them. Or push with --allow-breaking.",
  ].join("\n");
}

async function ask(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}
