/**
 * Reads a space's content model from the Management API: components,
 * component groups and datasources with their entries. The HTTP client is
 * passed in (the CLI gives it storyblok-js-client, rate-limited), so this
 * module only decides what to ask for and how to save it.
 */
import type { GeneratedFile } from "../model";
import { compareNames } from "../sort";

/** The two calls of storyblok-js-client that pulling needs. */
export interface ManagementApi {
  get(path: string, params?: Record<string, unknown>): Promise<{ data: unknown }>;
  getAll(path: string, params: Record<string, unknown>, entity: string): Promise<unknown[]>;
}

export interface PulledSchema {
  components: Record<string, unknown>[];
  componentGroups: Record<string, unknown>[];
  datasources: { slug: string; name: string; entries: { name: string; value: string }[] }[];
}

type Row = Record<string, unknown>;

export async function pullSchema(api: ManagementApi, spaceId: string): Promise<PulledSchema> {
  const space = `spaces/${encodeURIComponent(spaceId)}`;
  const components = rows((await api.get(`${space}/components`)).data, "components");
  const componentGroups = rows((await api.get(`${space}/component_groups`)).data, "component_groups");
  const datasources: PulledSchema["datasources"] = [];
  for (const datasource of (await api.getAll(`${space}/datasources`, {}, "datasources")) as Row[]) {
    const entries = (await api.getAll(`${space}/datasource_entries`, { datasource_id: datasource.id }, "datasource_entries")) as Row[];
    datasources.push({
      slug: String(datasource.slug),
      name: String(datasource.name ?? datasource.slug),
      entries: entries.map((entry) => ({ name: String(entry.name), value: String(entry.value) })),
    });
  }
  return { components, componentGroups, datasources };
}

/**
 * The files `schema pull` writes: components.json in the Management API's own
 * shape, and datasources.json when the space has any. Sorted by name so a
 * pull of an unchanged space changes nothing.
 */
export function pulledSchemaFiles(pulled: PulledSchema): GeneratedFile[] {
  const byName = (a: Row, b: Row) => compareNames(String(a.name), String(b.name));
  const files: GeneratedFile[] = [
    {
      path: "components.json",
      contents: json({ components: [...pulled.components].sort(byName), component_groups: [...pulled.componentGroups].sort(byName) }),
    },
  ];
  if (pulled.datasources.length > 0) {
    const datasources = [...pulled.datasources].sort((a, b) => compareNames(a.slug, b.slug));
    files.push({ path: "datasources.json", contents: json({ datasources }) });
  }
  return files;
}

function rows(data: unknown, key: string): Row[] {
  const list = typeof data === "object" && data !== null ? (data as Row)[key] : undefined;
  if (!Array.isArray(list)) throw new Error(`the Management API answer has no \`${key}\` list`);
  return list as Row[];
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
