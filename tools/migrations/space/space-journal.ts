/**
 * Which migrations a space has had, kept in the space itself: a datasource
 * `portfolio-migrations` with one entry per migration (name: the migration
 * id, value: when it ran). A datasource because it is the one place of a
 * space that holds plain key/value data, editors and the Management API can
 * read it, it travels with the space (a space copied in Storyblok keeps it),
 * and no story or component has to carry bookkeeping. schema push leaves it
 * alone (plan-datasources.ts).
 */
import { crashPoint } from "../../crash-point";
import { listAll } from "../../management-api/list-all";
import type { ManagementClient } from "../../management-api/management-client";

export const JOURNAL_DATASOURCE = { name: "Portfolio migrations", slug: "portfolio-migrations" } as const;

interface JournalEntry {
  id: number;
  /** The migration id. */
  name: string;
  /** When it ran (ISO). */
  value: string;
}

export interface SpaceJournal {
  /** The datasource's id; undefined when no migration ever ran on the space. */
  datasourceId: number | undefined;
  entries: JournalEntry[];
}

export async function readSpaceJournal(client: ManagementClient): Promise<SpaceJournal> {
  const datasources = await listAll((page, perPage) =>
    client.datasources
      .list({ query: { page, per_page: perPage } })
      .then(({ data, response }) => ({ rows: data.datasources ?? [], response })),
  );
  const datasource = datasources.find((candidate) => candidate.slug === JOURNAL_DATASOURCE.slug);
  if (datasource === undefined) return { datasourceId: undefined, entries: [] };
  const entries = await listAll((page, perPage) =>
    client.datasourceEntries
      .list({ query: { datasource_id: datasource.id, page, per_page: perPage } })
      .then(({ data, response }) => ({ rows: data.datasource_entries ?? [], response })),
  );
  return { datasourceId: datasource.id, entries };
}

/** Adds one entry per migration, creating the datasource first when needed; returns the entries' ids (undo removes them). */
export async function recordInSpace(
  client: ManagementClient,
  journal: SpaceJournal,
  migrations: readonly string[],
  ran: string,
): Promise<{ datasourceId: number; created: boolean; entryIds: number[] }> {
  let datasourceId = journal.datasourceId;
  const created = datasourceId === undefined;
  if (datasourceId === undefined) {
    const { data } = await client.datasources.create({ body: { datasource: { ...JOURNAL_DATASOURCE } } });
    datasourceId = (data as { datasource: { id: number } }).datasource.id;
  }
  const entryIds: number[] = [];
  for (const id of migrations) {
    const { data } = await client.datasourceEntries.create({
      body: { datasource_entry: { name: id, value: ran, datasource_id: datasourceId } },
    });
    entryIds.push((data as { datasource_entry: { id: number } }).datasource_entry.id);
    crashPoint("space-run:after-entry");
  }
  return { datasourceId, created, entryIds };
}

/** Takes a run's entries out again (and the datasource, when the run created it). */
export async function forgetInSpace(
  client: ManagementClient,
  recorded: { datasourceId: number; created: boolean; entryIds: number[] },
): Promise<void> {
  if (recorded.created) {
    await client.datasources.delete(recorded.datasourceId);
    return;
  }
  for (const id of recorded.entryIds) await client.datasourceEntries.delete(id);
}
