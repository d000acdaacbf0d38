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

/**
 * Calls `fetchPage(page, perPage)` until `total` rows are read (or a page
 * comes back empty). An answer without `total` is a list Storyblok does not
 * page (components, component groups and presets come whole, whatever page
 * is asked for), so its first answer is all of it: asking for page 2 would
 * read the same rows again, for ever.
 */
export async function listAll<Row>(fetchPage: (page: number, perPage: number) => Promise<ListPage<Row>>): Promise<Row[]> {
  const all: Row[] = [];
  for (let page = 1; ; page++) {
    const { rows, response } = await fetchPage(page, MAX_PER_PAGE);
    all.push(...rows);
    const total = Number(response.headers.get("total"));
    if (!response.headers.has("total") || !Number.isFinite(total)) return all;
    if (all.length >= total || rows.length === 0) return all;
  }
}
