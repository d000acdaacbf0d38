/**
 * The space's content model through the Management API client: components,
 * component groups, presets, every datasource with its entries, and the
 * space's languages. Each
 * list goes through the pager, which reads one answer for the lists Storyblok
 * does not page. Failures are thrown as the client throws them; the caller
 * turns them into `toManagementRequestError`'s message.
 */
import { spaceLanguages } from "storyblok-typed-codegen";
import { listAll } from "../management-api/list-all";
import type { ManagementClient } from "../management-api/management-client";
import type { SpaceSchema } from "./schema-model";

/**
 * `page` and `per_page` for the lists whose typed query lacks them: Storyblok
 * answers those whole, without `total`, and the pager stops at one answer;
 * sending them anyway reads every page of a server that does page them.
 */
function paging(page: number, perPage: number): Record<never, never> {
  return { page, per_page: perPage };
}

export interface ReadSpaceOptions {
  /** Read presets (with their content); `schema pull` does not need them: components list theirs. */
  presets?: boolean;
}

export async function readSpaceSchema(client: ManagementClient, options: ReadSpaceOptions = {}): Promise<SpaceSchema> {
  const components = await listAll(async (page, perPage) => {
    const { data, response } = await client.components.list({ query: paging(page, perPage) });
    return { rows: data.components, response };
  });
  const groups = await listAll(async (page, perPage) => {
    const { data, response } = await client.componentFolders.list({ query: paging(page, perPage) });
    return { rows: data.component_groups, response };
  });
  const presets =
    options.presets === false
      ? []
      : await listAll(async (page, perPage) => {
          const { data, response } = await client.presets.list({ query: paging(page, perPage) });
          return { rows: data.presets, response };
        });
  const datasources = await listAll(async (page, perPage) => {
    const { data, response } = await client.datasources.list({ query: { page, per_page: perPage } });
    return { rows: data.datasources, response };
  });
  const withEntries: SpaceSchema["datasources"] = [];
  for (const datasource of datasources) {
    const entries = await listAll(async (page, perPage) => {
      const { data, response } = await client.datasourceEntries.list({ query: { datasource_id: datasource.id, page, per_page: perPage } });
      return { rows: data.datasource_entries, response };
    });
    withEntries.push({ datasource, entries });
  }
  // The space object holds its languages (Settings > Internationalization), as `storyblok languages pull` reads them.
  const { data } = await client.spaces.get({});
  const languages = spaceLanguages(data.space);
  return {
    components,
    groups,
    presets,
    datasources: withEntries,
    languages: { defaultName: languages.default_lang_name, languages: languages.languages },
  };
}
