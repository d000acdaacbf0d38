/**
 * Paged lists as the Management API pages them: `page` (from 1) and
 * `per_page` (25 by default, at most 100; datasource entries at most 1000),
 * with the row count in the `total` header and the page size in `per-page`
 * (https://storyblok.com/docs/api/management/getting-started/pagination).
 */
const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;
/** Storyblok's pagination docs: "Max for Stories: 100, Max for Datasource Entries: 1000". */
export const MAX_DATASOURCE_ENTRIES_PER_PAGE = 1000;

export interface Page<Row> {
  rows: Row[];
  headers: Record<string, string>;
}

export function paginate<Row>(rows: readonly Row[], params: URLSearchParams, maxPerPage = MAX_PER_PAGE): Page<Row> {
  const perPage = Math.min(maxPerPage, positiveInt(params.get("per_page")) ?? DEFAULT_PER_PAGE);
  const page = positiveInt(params.get("page")) ?? 1;
  const start = (page - 1) * perPage;
  return {
    rows: rows.slice(start, start + perPage),
    headers: { total: String(rows.length), "per-page": String(perPage) },
  };
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}
