/**
 * `GET /v2/cdn/datasources`, `GET /v2/cdn/datasources/{id}` and
 * `GET /v2/cdn/datasource_entries`: the space's datasources and their entries, as the
 * local Management API keeps them (space/datasources.json), so an entry written through
 * one API is read back through the other. Both lists are paged (25 by default, up to
 * 1,000) with `total` and `per-page`.
 *
 * Entries: `datasource` (a datasource's slug) lists that datasource's, else every
 * datasource's; `dimension` (a dimension's value, e.g. `de`) fills each entry's
 * `dimension_value` with its value in that dimension of its datasource, null where it
 * has none, and without `dimension` it is null.
 */
import { pageOf, paginate } from "./list-query";
import { jsonResponse, notFound, PUBLISHED_CACHE_CONTROL } from "./responses";
import type { RequestContext } from "./stories-endpoint";

const MAX_DATASOURCES_PER_PAGE = 1000;

export function listDatasources(ctx: RequestContext): Response {
  const { datasources } = ctx.snapshot.space;
  const page = pageOf(ctx.params, MAX_DATASOURCES_PER_PAGE);
  return jsonResponse(200, { datasources: paginate(datasources, page), cv: ctx.snapshot.cv }, PUBLISHED_CACHE_CONTROL, {
    total: String(datasources.length),
    "per-page": String(page.perPage),
  });
}

export function getDatasource(key: string, ctx: RequestContext): Response {
  const datasource = ctx.snapshot.space.datasources.find((d) => String(d.id) === key || d.slug === key);
  return datasource ? jsonResponse(200, { datasource, cv: ctx.snapshot.cv }, PUBLISHED_CACHE_CONTROL) : notFound();
}

export function listDatasourceEntries(ctx: RequestContext): Response {
  const { datasources, entries } = ctx.snapshot.space;
  const slug = ctx.params.get("datasource");
  const dimension = ctx.params.get("dimension");
  const datasource = slug ? datasources.find((d) => d.slug === slug) : undefined;
  // A datasource the space does not have has no entries (an empty list, as Storyblok answers a filter nothing matches).
  const rows = slug ? (datasource ? entries.filter((e) => e.datasource_id === datasource.id) : []) : entries;
  const dimensionOf = new Map(datasources.map((d) => [d.id, d.dimensions.find((dim) => dim.entry_value === dimension)?.id]));
  const page = pageOf(ctx.params, MAX_DATASOURCES_PER_PAGE);
  const answered = paginate(rows, page).map((entry) => {
    const dimensionId = dimension ? dimensionOf.get(entry.datasource_id) : undefined;
    return {
      id: entry.id,
      name: entry.name,
      value: entry.value,
      dimension_value: dimensionId === undefined ? null : (entry.dimensionValues[String(dimensionId)] ?? null),
    };
  });
  return jsonResponse(200, { datasource_entries: answered, cv: ctx.snapshot.cv }, PUBLISHED_CACHE_CONTROL, {
    total: String(rows.length),
    "per-page": String(page.perPage),
  });
}
