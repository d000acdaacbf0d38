/**
 * After `space push`, the space's stories are the content folder's, and that
 * content has had the migrations its journal lists
 * (`<content>/.migrations/journal.json`). The space's own journal (its
 * `portfolio-migrations` datasource) must say so too, or a later
 * `migrate run --space` would run them again on content they already
 * changed: a rename would find no old field, a default would overwrite a
 * value an editor chose since.
 *
 * They are recorded only when every story in the space is one the push
 * wrote: a story only the space has was not migrated by the push, and the
 * journal speaks for the whole space.
 */
import type { ManagementClient } from "../../management-api/management-client";
import { readJournal } from "../journal";
import { readSpaceJournal, recordInSpace } from "./space-journal";
import { storiesNotPushed } from "./stories-not-pushed";

export type PushedMigrations =
  /** Every migration the content has had is in the space's journal now (`recorded` were added). */
  | { kind: "recorded"; recorded: string[] }
  /** Stories only the space has: nothing recorded. */
  | { kind: "other-stories"; missing: string[]; others: string[] }
  /** The dry run's answer: what a push would record. */
  | { kind: "would-record"; recorded: string[] };

export interface PushedMigrationsOptions {
  /** The content folder that was pushed. */
  dir: string;
  /** Full slugs of the stories it holds (folders excluded). */
  pushedSlugs: readonly string[];
  dryRun?: boolean;
}

export async function recordPushedMigrations(client: ManagementClient, options: PushedMigrationsOptions): Promise<PushedMigrations> {
  const { journal } = readJournal(options.dir);
  const spaceJournal = await readSpaceJournal(client);
  const inSpace = new Set(spaceJournal.entries.map((entry) => entry.name));
  // Grouped by run, so each entry keeps the time its migration ran on the content.
  const runs = journal.runs
    .map((run) => ({ ran: run.ran, migrations: run.migrations.filter((id) => !inSpace.has(id)) }))
    .filter((run) => run.migrations.length > 0);
  const missing = runs.flatMap((run) => run.migrations);
  if (missing.length === 0) return { kind: "recorded", recorded: [] };

  const others = await storiesNotPushed(client, options.pushedSlugs);
  if (others.length > 0) return { kind: "other-stories", missing, others };
  if (options.dryRun) return { kind: "would-record", recorded: missing };

  let datasourceId = spaceJournal.datasourceId;
  for (const run of runs) ({ datasourceId } = await recordInSpace(client, { datasourceId, entries: [] }, run.migrations, run.ran));
  return { kind: "recorded", recorded: missing };
}
