/**
 * The stories a space holds besides those a push writes (matched by full
 * slug, folders aside): stories the pushed content's migrations have not
 * reached, so the space's journal cannot speak for them.
 */
import { listAll } from "../../management-api/list-all";
import type { ManagementClient } from "../../management-api/management-client";

/** Their full slugs, sorted. */
export async function storiesNotPushed(client: ManagementClient, pushedSlugs: readonly string[]): Promise<string[]> {
  const rows = await listAll((page, perPage) =>
    client.stories
      .list({ query: { page, per_page: perPage } })
      .then(({ data, response }) => ({ rows: (data.stories ?? []) as unknown as { full_slug: string; is_folder: boolean }[], response })),
  );
  const pushed = new Set(pushedSlugs);
  return rows
    .filter((row) => !row.is_folder && !pushed.has(row.full_slug))
    .map((row) => row.full_slug)
    .sort();
}
