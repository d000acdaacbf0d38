/**
 * `portfolio space push --space ID`: the repository's schema and embedded
 * content onto a Storyblok space. A thin shell: it reads flags, confirms,
 * prints and chooses the exit code; src/management/ does the work.
 * Exit 0 done, 1 the Management API failed (run it again to resume), 2 bad
 * input or usage.
 */
import { resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import { addSpaceFlags, type SpaceFlags } from "./schema";

interface PushFlags extends SpaceFlags {
  dir: string;
  schema: string;
  journal?: string;
  dryRun?: boolean;
  yes?: boolean;
}

export function registerSpace(program: Command): void {
  const space = program.command("space").description("Move the repository's schema and content to a Storyblok space.");
  const push = space
    .command("push")
    .description("Push the schema, then the content's folders, assets and stories (each in its state), to a space; idempotent and resumable.")
    .option("--dir <dir>", "content directory (stories/, drafts/, assets/)", "content")
    .option("--schema <file>", "the schema's components.json (relations.json beside it)", "schema/components.json")
    .option("--journal <file>", "where the push records its progress; default .data/space-push/<space>.json")
    .option("--dry-run", "list what would be created and updated; write nothing, not even the journal")
    .option("--yes", "apply without asking");
  addSpaceFlags(push).action(async (flags: PushFlags) => {
    await spacePush(flags);
  });
}

async function spacePush(flags: PushFlags): Promise<void> {
  const token = flags.token ?? process.env.STORYBLOK_OAUTH_TOKEN;
  if (!flags.space || !/^[1-9]\d*$/.test(flags.space) || !token) {
    console.error("space push needs --space with a numeric space id and a Management API token: --token or STORYBLOK_OAUTH_TOKEN.");
    process.exit(2);
  }
  const { createManagementClient } = await import("../../src/management/management-client");
  const sp = await import("../../src/management/space-push");
  const apiUrl = flags.apiUrl ?? process.env.STORYBLOK_MANAGEMENT_API_URL;
  const region = flags.region ?? process.env.STORYBLOK_REGION ?? "eu";
  let client;
  try {
    client = createManagementClient({ token, spaceId: Number(flags.space), region, ...(apiUrl ? { apiUrl } : {}) });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const pacer = sp.createRequestPacer();
  const options = {
    spaceId: Number(flags.space),
    dir: resolve(flags.dir),
    componentsPath: resolve(flags.schema),
    journalPath: resolve(flags.journal ?? sp.defaultJournalPath(process.cwd(), flags.space)),
    target: apiUrl ?? `region:${region}`,
    pacer,
  };

  // ── Schema step ─────────────────────────────────────────────────────────
  // `pushSchema(client, ...)` from src/management/schema-push/ (branch schema-push) goes here, before any
  // content: stories are only valid in a space whose components exist. It takes the same --dry-run and
  // --yes, and `pacer` so the 3 requests per second hold across both steps. Until it lands, the space's
  // components must already match schema/ (create them in Storyblok or with `schema push`).
  // ────────────────────────────────────────────────────────────────────────

  try {
    if (flags.dryRun) {
      const summary = await sp.pushContent(client, { ...options, dryRun: true });
      printPlan(summary, sp.describeAction);
      printSummary(summary, flags, sp.totalRequests);
      return;
    }
    if (!flags.yes) {
      const plan = await sp.pushContent(client, { ...options, dryRun: true });
      printPlan(plan, sp.describeAction);
      if (plan.actions.length === 0) {
        printSummary(plan, flags, sp.totalRequests);
        return;
      }
      if (!(await confirm(`Apply these ${plan.actions.length} writes to space ${flags.space}?`))) {
        console.error(process.stdin.isTTY ? "Nothing was written." : "Nothing was written: pass --yes to apply without a terminal to confirm on.");
        process.exit(2);
      }
    }
    const summary = await sp.pushContent(client, { ...options, onAction: (action) => console.log(`  ${sp.describeAction(action)}`) });
    printSummary(summary, flags, sp.totalRequests);
  } catch (error) {
    if (error instanceof sp.LocalContentError || error instanceof sp.MissingAssetsError) {
      console.error(`space push: ${error.message}`);
      process.exit(2);
    }
    if (error instanceof sp.SpacePushError) {
      console.error(`space push failed, ${error.message}`);
      if (!flags.dryRun) console.error(`Run the same command again to go on from there (progress is in ${options.journalPath}).`);
      process.exit(1);
    }
    throw error;
  }
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

type Summary = Awaited<ReturnType<typeof import("../../src/management/space-push").pushContent>>;

function printPlan(summary: Summary, describe: (action: Summary["actions"][number]) => string): void {
  if (summary.actions.length === 0) {
    console.log("The space already holds the content: nothing to write.");
    return;
  }
  console.log(`Writes ${summary.dryRun ? "a push would make" : "made"}:`);
  for (const action of summary.actions) console.log(`  ${describe(action)}`);
}

function printSummary(summary: Summary, flags: PushFlags, total: (counts: Summary["requests"]) => number): void {
  const counts = (name: string, kind: Summary["folders"]) =>
    `  ${name.padEnd(8)} ${kind.created} created, ${kind.updated} updated, ${kind.unchanged} unchanged`;
  const { reads, writes, uploads } = summary.requests;
  console.log(`${summary.dryRun ? "Dry run of" : "Pushed"} ${flags.dir} to space ${flags.space} in ${(summary.elapsedMs / 1000).toFixed(1)} s${summary.dryRun ? " (nothing written)" : ""}:`);
  console.log(counts("folders", summary.folders));
  console.log(counts("assets", summary.assets));
  console.log(counts("stories", summary.stories));
  console.log(`  requests ${total(summary.requests)}: ${reads} reads, ${writes} writes, ${uploads} file uploads`);
  for (const warning of summary.warnings) console.warn(`warning: ${warning}`);
}
