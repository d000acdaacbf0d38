/**
 * `/datasources`: named lists of key/value entries
 * (https://storyblok.com/docs/api/management/datasources). A datasource is
 * found by id or by slug; slugs are unique in a space. Deleting one deletes
 * its entries. The list is paged. `dimensions_attributes` (`[{ name,
 * entry_value }]`, with `id` to rename one on an update) gives a datasource
 * its dimensions, in which each entry may hold a value of its own
 * (datasource-entries-endpoint.ts).
 */
import { created, noContent, ok, unprocessable } from "./responses";
import { paginate } from "./pagination";
import { changeWith, createWith, readOne, updateWith, type Resource } from "./resource";
import type { DatasourceBody, DatasourceListBody } from "./client-types";
import type { Route } from "./routes";
import type { DatasourceRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { hasErrors, idOf, isBlank, requireStrings, TAKEN, type FieldErrors } from "./validation";

export function findDatasource(state: SpaceState, key: string | undefined): DatasourceRecord | undefined {
  const numeric = idOf(key);
  return state.datasources.find((d) => (numeric === undefined ? d.slug === key : d.id === numeric));
}

/** Found by id or by slug. */
const datasourceResource: Resource<DatasourceRecord> = { key: "datasource", documents: ["datasources"], find: findDatasource };

function slugErrors(state: SpaceState, slug: unknown, exceptId?: number): FieldErrors {
  return state.datasources.some((d) => d.slug === slug && d.id !== exceptId) ? { slug: [TAKEN] } : {};
}

type Dimension = DatasourceRecord["dimensions"][number];

/** `dimensions_attributes` checked: a list of `{ name, entry_value }`, each value once in the datasource. */
function dimensionErrors(input: Record<string, unknown>, existing: readonly Dimension[]): FieldErrors {
  const given = input.dimensions_attributes;
  if (given === undefined) return {};
  if (!Array.isArray(given)) return { dimensions_attributes: ["must be a list of { name, entry_value }"] };
  const values = new Set(existing.map((d) => d.entry_value));
  for (const item of given as Record<string, unknown>[]) {
    if (typeof item !== "object" || item === null || isBlank(item.name) || isBlank(item.entry_value))
      return { dimensions_attributes: ["must be a list of { name, entry_value }"] };
    const renamed = item.id !== undefined ? existing.find((d) => d.id === idOf(item.id)) : undefined;
    if (item.id !== undefined && !renamed) return { dimensions_attributes: ["names a dimension the datasource does not have"] };
    if (renamed) values.delete(renamed.entry_value);
    if (values.has(item.entry_value as string)) return { "dimensions.entry_value": [TAKEN] };
    values.add(item.entry_value as string);
  }
  return {};
}

/** Adds (or, by `id`, renames) the dimensions `dimensions_attributes` lists. */
function applyDimensions(datasource: DatasourceRecord, input: Record<string, unknown>, nextId: () => number, at: string): void {
  for (const item of (input.dimensions_attributes ?? []) as Record<string, string | number>[]) {
    const existing = item.id === undefined ? undefined : datasource.dimensions.find((d) => d.id === idOf(item.id));
    if (existing) Object.assign(existing, { name: item.name, entry_value: item.entry_value, updated_at: at });
    else
      datasource.dimensions.push({
        id: nextId(),
        name: item.name as string,
        entry_value: item.entry_value as string,
        datasource_id: datasource.id,
        created_at: at,
        updated_at: at,
      });
  }
}

/** PUT and PATCH alike: the fields given change, the rest stay. */
const update = updateWith(datasourceResource, (datasource, input, tx, { now }) => {
  const given = ["name", "slug"].filter((field) => input[field] !== undefined);
  const errors = {
    ...requireStrings(input, given),
    ...slugErrors(tx.state, input.slug, datasource.id),
    ...dimensionErrors(input, datasource.dimensions),
  };
  if (hasErrors(errors)) return unprocessable(errors);
  for (const field of given) datasource[field] = input[field];
  datasource.updated_at = now();
  applyDimensions(datasource, input, tx.nextId, datasource.updated_at);
  return ok({ datasource } satisfies DatasourceBody);
});

export const datasourceRoutes: Route[] = [
  {
    method: "GET",
    path: "/datasources",
    async endpoint({ store, query }) {
      const state = await store.read();
      const search = query.get("search")?.toLowerCase();
      const ids = query.get("by_ids")?.split(",").map(Number);
      const rows = state.datasources
        .filter((d) => !search || d.name.toLowerCase().includes(search) || d.slug.toLowerCase().includes(search))
        .filter((d) => !ids || ids.includes(d.id));
      const page = paginate(rows, query);
      return ok({ datasources: page.rows } satisfies DatasourceListBody, page.headers);
    },
  },
  { method: "GET", path: "/datasources/:id", endpoint: readOne(datasourceResource) },
  {
    method: "POST",
    path: "/datasources",
    endpoint: createWith(datasourceResource, (input, tx, { now }) => {
      const errors = { ...requireStrings(input, ["name", "slug"]), ...slugErrors(tx.state, input.slug), ...dimensionErrors(input, []) };
      if (hasErrors(errors)) return unprocessable(errors);
      const at = now();
      const datasource: DatasourceRecord = {
        id: tx.nextId(),
        name: input.name as string,
        slug: input.slug as string,
        dimensions: [],
        created_at: at,
        updated_at: at,
      };
      applyDimensions(datasource, input, tx.nextId, at);
      tx.state.datasources.push(datasource);
      return created({ datasource } satisfies DatasourceBody);
    }),
  },
  { method: "PUT", path: "/datasources/:id", endpoint: update },
  { method: "PATCH", path: "/datasources/:id", endpoint: update },
  {
    method: "DELETE",
    path: "/datasources/:id",
    endpoint: changeWith(datasourceResource, (datasource, tx) => {
      tx.state.datasources = tx.state.datasources.filter((d) => d !== datasource);
      tx.state.datasourceEntries = tx.state.datasourceEntries.filter((e) => e.datasource_id !== datasource.id);
      return noContent();
    }),
  },
];
