/**
 * `schema pull`'s reading of a space: the same read `schema push` compares
 * against, kept as the Management API returns it (components and groups)
 * and with datasources reduced to what schema/ saves (slug, name, entries), and
 * the space's languages.
 */
import type { PulledSchema } from "storyblok-typed-codegen";
import type { ManagementClient } from "./management-client";
import { readSpaceSchema } from "../schema-push/read-space-schema";

export async function pullSpaceSchema(client: ManagementClient): Promise<PulledSchema> {
  // Presets are not read: each component lists its own in `all_presets`.
  const space = await readSpaceSchema(client, { presets: false });
  return {
    languages: { default_lang_name: space.languages.defaultName, languages: space.languages.languages },
    components: space.components as unknown as Record<string, unknown>[],
    componentGroups: space.groups as unknown as Record<string, unknown>[],
    datasources: space.datasources.map(({ datasource, entries }) => ({
      slug: datasource.slug,
      name: datasource.name || datasource.slug,
      entries: entries.map((entry) => ({ name: String(entry.name), value: String(entry.value) })),
    })),
  };
}
