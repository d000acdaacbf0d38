/**
 * Paged lists as the Management API pages them: `page` (from 1) and
 * `per_page` (25 by default, at most 100), with the row count in the
 * `total` header and the page size in `per-page`
 * (https://storyblok.com/docs/api/management/getting-started/pagination).
 */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface Page<Row> {
  rows: Row[];
  headers: Record<string, string>;
}

export function paginate<Row>(rows: readonly Row[], params: URLSearchParams): Page<Row> {
  const perPage = Math.min(MAX_PER_PAGE, positiveInt(params.get("per_page")) ?? DEFAULT_PER_PAGE);
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
