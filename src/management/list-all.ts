/**
 * Reads every page of a Management API list. Storyblok pages lists with
 * `page` and `per_page` (at most 100) and says how many rows there are in
 * the `total` response header; the client offers no iterator, so this is it.
 */

/** The Management API's largest page. */
export const MAX_PER_PAGE = 100;

export interface ListPage<Row> {
  rows: Row[];
  response: Response;
}

/** Calls `fetchPage(page, perPage)` until `total` rows are read (or a page comes back short). */
export async function listAll<Row>(fetchPage: (page: number, perPage: number) => Promise<ListPage<Row>>): Promise<Row[]> {
  const all: Row[] = [];
  for (let page = 1; ; page++) {
    const { rows, response } = await fetchPage(page, MAX_PER_PAGE);
    all.push(...rows);
    const total = Number(response.headers.get("total"));
    const done = Number.isFinite(total) && response.headers.has("total") ? all.length >= total : rows.length < MAX_PER_PAGE;
    if (done || rows.length === 0) return all;
  }
}
