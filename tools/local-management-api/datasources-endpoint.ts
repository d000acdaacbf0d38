/**
 * `/datasources`: named lists of key/value entries
 * (https://storyblok.com/docs/api/management/datasources). A datasource is
 * found by id or by slug; slugs are unique in a space. Deleting one deletes
 * its entries. The list is paged.
 */
import { created, noContent, notFound, ok, unprocessable } from "./responses";
import { paginate } from "./pagination";
import { missingParam, wrapped } from "./request-body";
import type { DatasourceBody, DatasourceListBody } from "./client-types";
import type { Route, Endpoint } from "./routes";
import type { DatasourceRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { hasErrors, idOf, requireStrings, TAKEN, type FieldErrors } from "./validation";

export function findDatasource(state: SpaceState, key: string | undefined): DatasourceRecord | undefined {
  const numeric = idOf(key);
  return state.datasources.find((d) => (numeric === undefined ? d.slug === key : d.id === numeric));
}

function slugErrors(state: SpaceState, slug: unknown, exceptId?: number): FieldErrors {
  return state.datasources.some((d) => d.slug === slug && d.id !== exceptId) ? { slug: [TAKEN] } : {};
}

/** PUT and PATCH alike: the fields given change, the rest stay. */
const update: Endpoint = ({ store, body, params, now }) =>
  store.write((tx) => {
    const datasource = findDatasource(tx.state, params.id);
    if (!datasource) return notFound();
    const input = wrapped(body, "datasource");
    if (!input) return unprocessable(missingParam("datasource"));
    const given = ["name", "slug"].filter((field) => input[field] !== undefined);
    const errors = { ...requireStrings(input, given), ...slugErrors(tx.state, input.slug, datasource.id) };
    if (hasErrors(errors)) return unprocessable(errors);
    for (const field of given) datasource[field] = input[field];
    datasource.updated_at = now();
    tx.touch("datasources");
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
  {
    method: "GET",
    path: "/datasources/:id",
    async endpoint({ store, params }) {
      const datasource = findDatasource(await store.read(), params.id);
      return datasource ? ok({ datasource } satisfies DatasourceBody) : notFound();
    },
  },
  {
    method: "POST",
    path: "/datasources",
    endpoint: ({ store, body, now }) =>
      store.write((tx) => {
        const input = wrapped(body, "datasource");
        if (!input) return unprocessable(missingParam("datasource"));
        const errors = { ...requireStrings(input, ["name", "slug"]), ...slugErrors(tx.state, input.slug) };
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
        tx.state.datasources.push(datasource);
        tx.touch("datasources");
        return created({ datasource } satisfies DatasourceBody);
      }),
  },
  { method: "PUT", path: "/datasources/:id", endpoint: update },
  { method: "PATCH", path: "/datasources/:id", endpoint: update },
  {
    method: "DELETE",
    path: "/datasources/:id",
    endpoint: ({ store, params }) =>
      store.write((tx) => {
        const datasource = findDatasource(tx.state, params.id);
        if (!datasource) return notFound();
        tx.state.datasources = tx.state.datasources.filter((d) => d !== datasource);
        tx.state.datasourceEntries = tx.state.datasourceEntries.filter((e) => e.datasource_id !== datasource.id);
        tx.touch("datasources");
        return noContent();
      }),
  },
];
