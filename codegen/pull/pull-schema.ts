/**
 * The files `schema pull` writes from what it read of a space (read by
 * tools/management-api/pull-space-schema.ts through the Management API client).
 */
import type { GeneratedFile } from "../model.js";
import { compareNames } from "../sort.js";

export interface PulledSchema {
  components: Record<string, unknown>[];
  componentGroups: Record<string, unknown>[];
  datasources: { slug: string; name: string; entries: { name: string; value: string }[] }[];
}

type Row = Record<string, unknown>;

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

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
