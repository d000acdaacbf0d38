/**
 * `portfolio migrate new|run|undo|baseline|snapshot`: typed content migrations. The
 * work is in codegen/migrate/ (what changed, the scaffold) and
 * tools/migrations/ (running them on content); each action imports its part
 * when it runs, so the other commands start without it.
 */
import type { Command } from "commander";
import { addCodegenFlags, type CodegenFlags } from "./generate";
import { addSpaceFlags, type SpaceFlags } from "./space-flags";

const MIGRATIONS = ["--migrations <dir>", "the migrations folder", "migrations"] as const;
const DIR = ["--dir <dir>", "content directory (stories/, drafts/)", "content"] as const;

export function registerMigrate(program: Command): void {
  const migrate = program.command("migrate").description("Typed content migrations: make the content in content/ follow a changed schema.");

  addCodegenFlags(
    migrate
      .command("new")
      .argument("<name>", "what the migration does, in lower-case words with hyphens (e.g. rename-hero-headline)")
      .description(
        "Write migrations/<timestamp>-<name>.ts: a typed scaffold for what changed in the schema since the last migration's snapshot.",
      ),
  )
    .option(...MIGRATIONS)
    .option("--rename <block.old=new>", "a field renamed, not removed and added (repeatable)", collect, [])
    .action(async (name: string, flags: CodegenFlags & { migrations: string; rename: string[] }) => {
      const { newMigration } = await import("./migrate/new");
      process.exitCode = newMigration(name, flags);
    });

  const run = migrate
    .command("run")
    .description(
      "Apply the migrations the content (--dir) or a space (--space) has not had, in order, to every story (published and drafts); write only when every result is valid.",
    )
    .option(...DIR)
    .option(...MIGRATIONS)
    .option("--schema <path>", "the schema the results must fit", "schema/components.json")
    .option("--out <dir>", "the generated code whose validators check the results", "src/generated")
    .option("--dry-run", "migrate and check in memory; write nothing")
    .option("--diff", "print each changed story as a unified diff")
    .option(
      "--public-token <token>",
      "with --space: the space's public access token, to read published versions under pending drafts; default $STORYBLOK_TOKEN",
    )
    .option(
      "--cdn-url <url>",
      "with --space: the Content Delivery API's base URL, e.g. http://localhost:4010/v2; default $STORYBLOK_API_URL",
    );
  addSpaceFlags(run).action(
    async (
      flags: { dir: string; migrations: string; schema: string; out: string; dryRun?: boolean; diff?: boolean } & SpaceFlags & {
          publicToken?: string;
          cdnUrl?: string;
        },
    ) => {
      if (flags.space !== undefined) {
        const { runSpaceMigrations } = await import("./migrate/space-run");
        process.exitCode = await runSpaceMigrations({ ...flags, space: flags.space });
        return;
      }
      const { runMigrations } = await import("./migrate/run");
      process.exitCode = await runMigrations(flags);
    },
  );

  const undo = migrate
    .command("undo")
    .description(
      "Put the story files and the journal back as they were before the last run, byte for byte; with --space, the space's stories in their states and its journal.",
    )
    .option(...DIR)
    .option("--force", "restore even the files (or, with --space, the stories) edited since the run");
  addSpaceFlags(undo).action(async (flags: { dir: string; force?: boolean } & SpaceFlags) => {
    if (flags.space !== undefined) {
      const { undoSpaceMigrations } = await import("./migrate/space-run");
      process.exitCode = await undoSpaceMigrations({ ...flags, space: flags.space });
      return;
    }
    const { undoMigrations } = await import("./migrate/undo");
    process.exitCode = undoMigrations(flags);
  });

  addCodegenFlags(
    migrate
      .command("baseline")
      .description("Snapshot the schema the content follows, where migrations start (once, before the first migration)."),
  )
    .option(...MIGRATIONS)
    .option("--from-git <revision>", "the schema as it was at this git revision (e.g. HEAD, when schema/ is already edited)")
    .action(async (flags: CodegenFlags & { migrations: string; fromGit?: string }) => {
      const { writeBaseline } = await import("./migrate/baseline");
      process.exitCode = writeBaseline(flags);
    });

  addCodegenFlags(
    migrate
      .command("snapshot")
      .argument("<name>", "what changed, in lower-case words with hyphens (e.g. translatable-fields)")
      .description(
        "Record the schema now as the newest snapshot, with no migration, when every change since the last one still fits existing content.",
      ),
  )
    .option(...MIGRATIONS)
    .action(async (name: string, flags: CodegenFlags & { migrations: string }) => {
      const { writeSnapshotOnly } = await import("./migrate/snapshot");
      process.exitCode = writeSnapshotOnly(name, flags);
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
