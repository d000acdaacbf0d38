/**
 * `/datasource_entries`: the key/value pairs of datasources
 * (https://storyblok.com/docs/api/management/datasource-entries). Listed per
 * datasource (`datasource_id` or `datasource_slug`) and paged; an entry
 * needs a name, a value and an existing datasource. `position` 1 puts an
 * entry first; 0 or none appends it. An entry's value in one of its
 * datasource's dimensions is written with `dimension_id` (in the query, as
 * Storyblok's CLI sends it, or beside `datasource_entry` in the body) and
 * `dimension_value` (blank clears it), and read with `dimension=<dimension id>`:
 * then `dimension_value` is that dimension's value, else null.
 */
import { created, noContent, notFound, ok, unprocessable } from "./responses";
import { findDatasource } from "./datasources-endpoint";
import { MAX_DATASOURCE_ENTRIES_PER_PAGE, paginate } from "./pagination";
import { changeWith, createWith, readOne, resource, updateWith } from "./resource";
import type { DatasourceEntryBody, DatasourceEntryListBody } from "./client-types";
import type { Route } from "./routes";
import type { DatasourceEntryRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { hasErrors, idOf, requireStrings, type FieldErrors } from "./validation";

/** The entry as answered: `dimension_value` for the dimension asked for, without the values the record keeps per dimension. */
function entryView(entry: DatasourceEntryRecord, dimension?: number): DatasourceEntryRecord {
  const { dimension_values: values, ...answered } = entry;
  if (dimension === undefined) return answered;
  const value = (values as Record<string, string> | undefined)?.[String(dimension)];
  return { ...answered, dimension_value: value ?? null };
}

const entryResource = resource<DatasourceEntryRecord>("datasource_entry", ["datasources"], (state) => state.datasourceEntries);

function entryErrors(state: SpaceState, entry: Record<string, unknown>): FieldErrors {
  const errors = requireStrings(entry, ["name"]);
  if (typeof entry.value !== "string") errors.value = ["can't be blank"];
  if (!state.datasources.some((d) => d.id === idOf(entry.datasource_id))) errors.datasource = ["must exist"];
  return errors;
}

/** Moves `entry` to `position` among its datasource's entries (1 = first); other positions leave it where it is. */
function place(state: SpaceState, entry: DatasourceEntryRecord, position: unknown): void {
  const at = idOf(position);
  if (at === undefined || at < 1) return;
  const siblings = state.datasourceEntries.filter((e) => e.datasource_id === entry.datasource_id && e !== entry);
  const before = siblings[at - 1];
  state.datasourceEntries = state.datasourceEntries.filter((e) => e !== entry);
  const index = before ? state.datasourceEntries.indexOf(before) : state.datasourceEntries.length;
  state.datasourceEntries.splice(index, 0, entry);
}

/** PUT and PATCH alike; Storyblok answers both with an empty 204. */
const update = updateWith(entryResource, (entry, input, tx, { query, body }) => {
  const next = { ...entry, ...input };
  const errors = entryErrors(tx.state, next);
  const dimensionId = query.get("dimension_id") ?? body.dimension_id;
  const dimension = dimensionId === undefined ? undefined : idOf(dimensionId);
  const datasource = tx.state.datasources.find((d) => d.id === idOf(next.datasource_id));
  if (dimensionId !== undefined && !datasource?.dimensions.some((d) => d.id === dimension))
    errors.dimension_id = ["must be a dimension of the entry's datasource"];
  if (hasErrors(errors)) return unprocessable(errors);
  entry.name = next.name;
  entry.value = next.value;
  entry.datasource_id = idOf(next.datasource_id)!;
  if (dimension !== undefined) {
    const values = { ...((entry.dimension_values ?? {}) as Record<string, string>) };
    const value = input.dimension_value;
    if (typeof value === "string" && value !== "") values[String(dimension)] = value;
    else delete values[String(dimension)];
    entry.dimension_values = values;
  } else if (input.dimension_value !== undefined) {
    entry.dimension_value = input.dimension_value as string | null;
  }
  place(tx.state, entry, input.position);
  return noContent();
});

export const datasourceEntryRoutes: Route[] = [
  {
    method: "GET",
    path: "/datasource_entries",
    async endpoint({ store, query }) {
      const state = await store.read();
      const key = query.get("datasource_id") ?? query.get("datasource_slug") ?? undefined;
      const datasource = key === undefined ? undefined : findDatasource(state, key);
      if (key !== undefined && !datasource) return notFound();
      const rows = datasource ? state.datasourceEntries.filter((e) => e.datasource_id === datasource.id) : state.datasourceEntries;
      const page = paginate(rows, query, MAX_DATASOURCE_ENTRIES_PER_PAGE);
      const dimension = query.get("dimension") === null ? undefined : idOf(query.get("dimension"));
      return ok({ datasource_entries: page.rows.map((e) => entryView(e, dimension)) } satisfies DatasourceEntryListBody, page.headers);
    },
  },
  {
    method: "GET",
    path: "/datasource_entries/:id",
    endpoint: readOne(entryResource, (entry) => ({ datasource_entry: entryView(entry) }) satisfies DatasourceEntryBody),
  },
  {
    method: "POST",
    path: "/datasource_entries",
    endpoint: createWith(entryResource, (input, tx) => {
      const errors = entryErrors(tx.state, input);
      if (hasErrors(errors)) return unprocessable(errors);
      const entry: DatasourceEntryRecord = {
        id: tx.nextId(),
        name: input.name as string,
        value: input.value as string,
        dimension_value: null,
        datasource_id: idOf(input.datasource_id)!,
      };
      tx.state.datasourceEntries.push(entry);
      place(tx.state, entry, input.position);
      return created({ datasource_entry: entryView(entry) } satisfies DatasourceEntryBody);
    }),
  },
  { method: "PUT", path: "/datasource_entries/:id", endpoint: update },
  { method: "PATCH", path: "/datasource_entries/:id", endpoint: update },
  {
    method: "DELETE",
    path: "/datasource_entries/:id",
    endpoint: changeWith(entryResource, (entry, tx) => {
      tx.state.datasourceEntries = tx.state.datasourceEntries.filter((e) => e !== entry);
      return noContent();
    }),
  },
];
