import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PulledSchema } from "../pull/pull-schema.js";
import { pulledSchemaFiles, spaceLanguages } from "../pull/pull-schema.js";
import { BadInput } from "../schema-files.js";

export interface PullFlags {
  space: string;
  token?: string;
  region?: string;
  apiUrl?: string;
}

/** Storyblok's API URLs end in /v1, but the client's paths start with /v1/spaces: it wants the origin. */
function clientBaseUrl(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
}

/**
 * Reads a space's components, groups, datasources (with entries) and languages through
 * Storyblok's own Management API client, loaded only here so the other
 * commands do not pay for it. Its rate limiter keeps to the API's limits.
 */
export async function pullSpace(flags: PullFlags): Promise<PulledSchema> {
  const token = flags.token ?? process.env.STORYBLOK_OAUTH_TOKEN;
  if (!token) throw new BadInput("pull needs a Management API token: --token or STORYBLOK_OAUTH_TOKEN");
  const spaceId = Number(flags.space);
  if (!Number.isSafeInteger(spaceId) || spaceId <= 0) throw new BadInput(`--space must be a space's numeric id, not "${flags.space}"`);
  const apiUrl = flags.apiUrl ?? (process.env.STORYBLOK_MANAGEMENT_API_URL || undefined);
  const region = flags.region ?? (process.env.STORYBLOK_REGION || "eu");
  if (apiUrl === undefined && !["eu", "us", "ca", "ap", "cn"].includes(region))
    throw new BadInput(`unknown Storyblok region "${region}": use eu, us, ca, ap or cn`);
  const { createManagementApiClient } = await import("@storyblok/management-api-client");
  const client = createManagementApiClient<true>({
    personalAccessToken: token,
    spaceId,
    region: region as "eu",
    ...(apiUrl === undefined ? {} : { baseUrl: clientBaseUrl(apiUrl) }),
    throwOnError: true,
  });
  // Components and groups come whole; datasources and their entries are paged (`total` header).
  const { data: components } = await client.components.list({});
  const { data: groups } = await client.componentFolders.list({});
  const datasources: PulledSchema["datasources"] = [];
  for (const datasource of await paged((page) =>
    client.datasources.list({ query: { page, per_page: 100 } }).then(({ data, response }) => ({ rows: data.datasources, response })),
  )) {
    const entries = await paged((page) =>
      client.datasourceEntries
        .list({ query: { datasource_id: datasource.id, page, per_page: 100 } })
        .then(({ data, response }) => ({ rows: data.datasource_entries, response })),
    );
    datasources.push({
      slug: datasource.slug,
      name: datasource.name || datasource.slug,
      entries: entries.map((entry) => ({ name: String(entry.name), value: String(entry.value) })),
    });
  }
  const { data: space } = await client.spaces.get({});
  return {
    components: components.components as unknown as Record<string, unknown>[],
    componentGroups: groups.component_groups as unknown as Record<string, unknown>[],
    datasources,
    languages: spaceLanguages(space.space),
  };
}

async function paged<Row>(fetchPage: (page: number) => Promise<{ rows: Row[]; response: Response }>): Promise<Row[]> {
  const all: Row[] = [];
  for (let page = 1; ; page++) {
    const { rows, response } = await fetchPage(page);
    all.push(...rows);
    const total = Number(response.headers.get("total"));
    if (!response.headers.has("total") || !Number.isFinite(total) || all.length >= total || rows.length === 0) return all;
  }
}

/** Writes components.json, languages.json (and datasources.json when the space has any) into `dir`; returns the paths. */
export function writePulled(dir: string, pulled: PulledSchema): string[] {
  const files = pulledSchemaFiles(pulled);
  try {
    mkdirSync(dir, { recursive: true });
    for (const file of files) writeFileSync(join(dir, file.path), file.contents);
  } catch (error) {
    throw new BadInput(`--dir ${dir}: cannot write there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return files.map((file) => join(dir, file.path));
}

/** What Storyblok said, e.g. `401 Unauthorized: {"error":"..."}`, without a stack. */
export function describeApiError(error: unknown): string {
  const response = (error as { response?: { status?: number; statusText?: string; data?: unknown } }).response;
  if (response?.status !== undefined) {
    const detail =
      response.data === undefined || response.data === ""
        ? ""
        : `: ${typeof response.data === "string" ? response.data : JSON.stringify(response.data)}`;
    return `${response.status} ${response.statusText ?? ""}${detail}`.trim();
  }
  return error instanceof Error ? error.message : String(error);
}
