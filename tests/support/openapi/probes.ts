/**
 * Every endpoint of the two local APIs once or more, success and error answers alike,
 * over HTTP as a client sends them: what tests/unit/local-apis/openapi-conformance.test.ts
 * checks against Storyblok's OpenAPI description, and what
 * tests/support/openapi/conformance-table.ts prints as a table.
 *
 * The calls run in an order that leaves something for the next one to find (a component
 * before its preset, a datasource before its entries), against a space served from a copy
 * of content/, so the reads see the embedded portfolio.
 */

export interface ProbeTarget {
  /** Where both APIs answer, e.g. `http://127.0.0.1:4010`. */
  url: string;
  spaceId: number;
  oauthToken: string;
  token: string;
  previewToken: string;
}

export interface ProbeAnswer {
  /** What the call is for, e.g. `stories: by full slug`. */
  label: string;
  method: string;
  /** Path and query as sent. */
  path: string;
  status: number;
  /** The parsed JSON body; undefined when the body was empty. */
  body: unknown;
  /** The raw body when it was not JSON. */
  text?: string;
}

type Body = Record<string, unknown>;

export async function probeLocalApis(target: ProbeTarget): Promise<ProbeAnswer[]> {
  const answers: ProbeAnswer[] = [];
  const space = `/v1/spaces/${target.spaceId}`;

  async function send(
    label: string,
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; auth?: string | null } = {},
  ): Promise<ProbeAnswer> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    const auth = options.auth === undefined ? target.oauthToken : options.auth;
    if (auth !== null && path.startsWith("/v1/")) headers.authorization = auth;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${target.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown;
    let raw: string | undefined;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      raw = text;
    }
    const answer: ProbeAnswer = { label, method, path, status: response.status, body, ...(raw !== undefined && { text: raw }) };
    answers.push(answer);
    return answer;
  }
  const cdn = (label: string, path: string, params: Record<string, string> = {}, token = target.token) =>
    send(label, "GET", `/v2/cdn/${path}?${new URLSearchParams({ token, ...params })}`);
  const preview = (label: string, path: string, params: Record<string, string> = {}) =>
    cdn(label, path, { version: "draft", ...params }, target.previewToken);
  const mapi = (label: string, method: string, path: string, body?: unknown) => send(label, method, `${space}${path}`, { body });
  const field = (answer: ProbeAnswer, ...keys: string[]): unknown =>
    keys.reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Body)[key] : undefined), answer.body);
  const idIn = (answer: ProbeAnswer, key: string) => field(answer, key, "id") as number | undefined;

  // The Management API's reads first, so the CDN's data sources exist for it to serve.
  await send("MAPI: the space", "GET", space);
  await send("MAPI: the space's languages changed", "PUT", space, { body: { space: { languages: [{ code: "nl", name: "Nederlands" }] } } });
  await send("MAPI: the spaces the token reaches", "GET", "/v1/spaces");
  await send("MAPI: the current user", "GET", "/v1/users/me");
  await send("MAPI: the current user, no token", "GET", "/v1/users/me", { auth: null });
  await send("MAPI: no token", "GET", `${space}/stories`, { auth: null });
  await send("MAPI: a wrong token", "GET", `${space}/components`, { auth: "wrong-token" });
  await send("MAPI: another space", "GET", `/v1/spaces/${target.spaceId + 1}/stories`);
  await send("MAPI: a body that is not JSON", "POST", `${space}/components`, { raw: "{not json" });

  const group = await mapi("component groups: create", "POST", "/component_groups", { component_group: { name: "Probe group" } });
  const groupId = idIn(group, "component_group");
  await mapi("component groups: list", "GET", "/component_groups");
  await mapi("component groups: get", "GET", `/component_groups/${groupId}`);
  await mapi("component groups: update", "PUT", `/component_groups/${groupId}`, { component_group: { name: "Probe group 2" } });
  await mapi("component groups: unknown", "GET", "/component_groups/999999999");

  await mapi("components: list", "GET", "/components");
  const component = await mapi("components: create", "POST", "/components", {
    component: {
      name: "probe_block",
      display_name: "Probe",
      is_nestable: true,
      schema: { title: { type: "text", pos: 0 } },
      component_group_uuid: field(group, "component_group", "uuid"),
    },
  });
  const componentId = idIn(component, "component");
  await mapi("components: name taken", "POST", "/components", { component: { name: "probe_block" } });
  await mapi("components: get", "GET", `/components/${componentId}`);
  await mapi("components: update", "PUT", `/components/${componentId}`, { component: { display_name: "Probe 2" } });
  await mapi("components: unknown", "GET", "/components/999999999");

  const preset = await mapi("presets: create", "POST", "/presets", {
    preset: { name: "Probe preset", component_id: componentId, preset: { title: "Hi" } },
  });
  const presetId = idIn(preset, "preset");
  await mapi("presets: list", "GET", "/presets");
  await mapi("presets: get", "GET", `/presets/${presetId}`);
  await mapi("presets: update", "PUT", `/presets/${presetId}`, { preset: { name: "Probe preset 2" } });

  const tag = await mapi("internal tags: create", "POST", "/internal_tags", {
    internal_tag: { name: "Probe tag", object_type: "component" },
  });
  const tagId = idIn(tag, "internal_tag");
  await mapi("internal tags: list", "GET", "/internal_tags");
  await mapi("internal tags: components'", "GET", "/internal_tags?by_object_type=component");
  await mapi("internal tags: update", "PUT", `/internal_tags/${tagId}`, { internal_tag: { name: "Probe tag 2" } });
  await mapi("internal tags: unknown", "PUT", "/internal_tags/999999999", { internal_tag: { name: "x" } });
  await mapi("internal tags: delete", "DELETE", `/internal_tags/${tagId}`);

  const datasource = await mapi("datasources: create", "POST", "/datasources", {
    datasource: { name: "Probe colours", slug: "probe-colours" },
  });
  const datasourceId = idIn(datasource, "datasource");
  await mapi("datasources: slug taken", "POST", "/datasources", { datasource: { name: "Again", slug: "probe-colours" } });
  await mapi("datasources: list", "GET", "/datasources");
  await mapi("datasources: get", "GET", `/datasources/${datasourceId}`);
  await mapi("datasources: update", "PUT", `/datasources/${datasourceId}`, { datasource: { name: "Probe colours 2" } });
  const entry = await mapi("datasource entries: create", "POST", "/datasource_entries", {
    datasource_entry: { name: "Red", value: "#f00", datasource_id: datasourceId },
  });
  const entryId = idIn(entry, "datasource_entry");
  await mapi("datasource entries: list", "GET", `/datasource_entries?datasource_id=${datasourceId}`);
  await mapi("datasource entries: get", "GET", `/datasource_entries/${entryId}`);
  await mapi("datasource entries: update", "PUT", `/datasource_entries/${entryId}`, {
    datasource_entry: { name: "Red", value: "#ff0000" },
  });
  await mapi("datasource entries: no name", "POST", "/datasource_entries", {
    datasource_entry: { value: "x", datasource_id: datasourceId },
  });

  await mapi("stories: list", "GET", "/stories");
  await mapi("stories: folders only", "GET", "/stories?folder_only=1");
  const home = await mapi("stories: by slug", "GET", "/stories?with_slug=home");
  const homeId = (field(home, "stories") as Body[] | undefined)?.[0]?.id;
  await mapi("stories: get", "GET", `/stories/${homeId}`);
  const created = await mapi("stories: create", "POST", "/stories", {
    story: { name: "Probe", slug: "probe", content: { component: "page", body: [] } },
  });
  const storyId = idIn(created, "story");
  await mapi("stories: slug taken", "POST", "/stories", {
    story: { name: "Probe", slug: "probe", content: { component: "page", body: [] } },
  });
  await mapi("stories: update", "PUT", `/stories/${storyId}`, { story: { name: "Probe 2" } });
  await mapi("stories: publish", "GET", `/stories/${storyId}/publish`);
  await mapi("stories: unpublish", "GET", `/stories/${storyId}/unpublish`);
  await mapi("stories: unknown", "GET", "/stories/999999999");

  await mapi("asset folders: list", "GET", "/asset_folders");
  const assetFolder = await mapi("asset folders: create", "POST", "/asset_folders", { asset_folder: { name: "Probe folder" } });
  const assetFolderId = idIn(assetFolder, "asset_folder");
  await mapi("asset folders: get", "GET", `/asset_folders/${assetFolderId}`);
  await mapi("asset folders: update", "PUT", `/asset_folders/${assetFolderId}`, { asset_folder: { name: "Probe folder 2" } });

  const assets = await mapi("assets: list", "GET", "/assets");
  const firstAsset = (field(assets, "assets") as Body[] | undefined)?.[0]?.id;
  await mapi("assets: get", "GET", `/assets/${firstAsset ?? 18736442}`);
  const signed = await mapi("assets: sign an upload", "POST", "/assets", { filename: "probe.svg", size: "10x10" });
  const signedId = field(signed, "id") as number | undefined;
  await uploadSigned(target.url, signed.body as Body | undefined);
  await mapi("assets: finish the upload", "GET", `/assets/${signedId}/finish_upload`);
  await mapi("assets: update (PUT, as described)", "PUT", `/assets/${signedId}`, { asset: { alt: "Probe" } });
  await mapi("assets: update (PATCH, as the client sends it)", "PATCH", `/assets/${signedId}`, { asset: { title: "Probe" } });
  await mapi("assets: unknown", "GET", "/assets/999999999");
  await mapi("assets: delete", "DELETE", `/assets/${signedId}`);
  await mapi("asset folders: delete", "DELETE", `/asset_folders/${assetFolderId}`);
  await mapi("asset folders: unknown", "GET", "/asset_folders/999999999");

  await mapi("releases: list", "GET", "/releases");

  // The Content Delivery API, the Management API's writes now in the space.
  await cdn("CDN: the space", "spaces/me");
  await cdn("CDN stories: list", "stories");
  await cdn("CDN stories: by full slug", "stories/projects/tidewater");
  await cdn("CDN stories: by id", `stories/${homeId}`);
  await cdn("CDN stories: with relations and links", "stories", { resolve_relations: "project.related", resolve_links: "url" });
  await preview("CDN stories: drafts", "stories");
  await cdn("CDN stories: unknown", "stories/no-such-story");
  await cdn("CDN stories: wrong token", "stories", {}, "wrong-token");
  await cdn("CDN stories: drafts with the public token", "stories", { version: "draft" });
  await cdn("CDN stories: with_tag", "stories", { with_tag: "featured" });
  await cdn("CDN stories: filter_query", "stories", { "filter_query[featured][is]": "true" });
  await cdn("CDN stories: every filter issue 40 named", "stories", {
    level: "2",
    search_term: "a",
    excluding_ids: "1",
    first_published_at_gt: "2000-01-01 00:00",
    published_at_lt: "2100-01-01 00:00",
    updated_at_gt: "2000-01-01 00:00",
    sort_by: "content.title:asc",
    excluding_fields: "body",
    is_startpage: "0",
  });
  await cdn("CDN stories: in a workflow stage", "stories", { in_workflow_stages: "1" });
  await cdn("CDN stories: in a language", "stories", { language: "nl", fallback_lang: "nl", resolve_assets: "1" });
  await cdn("CDN stories: a date it cannot read", "stories", { published_at_gt: "yesterday" });
  const links = await cdn("CDN links: list", "links");
  await cdn("CDN links: in a folder", "links", { with_parent: "0", paginated: "1", starts_with: "projects" });
  await cdn("CDN links: include_dates neither 0 nor 1", "links", { include_dates: "yes" });
  await preview("CDN links: drafts, with dates", "links", { include_dates: "1" });
  await cdn("CDN links: wrong token", "links", {}, "wrong-token");
  await cdn("CDN links: one link", `links/${Object.keys((field(links, "links") ?? {}) as Body)[0]}`);
  await cdn("CDN tags: list", "tags");
  await cdn("CDN tags: under a full slug", "tags", { starts_with: "projects/" });
  await cdn("CDN datasources: list", "datasources");
  await cdn("CDN datasources: get", `datasources/${datasourceId}`);
  await cdn("CDN datasource entries: list", "datasource_entries", { datasource: "probe-colours" });
  await cdn("CDN datasource entries: in a dimension", "datasource_entries", { datasource: "probe-colours", dimension: "nl" });
  await cdn("CDN datasource entries: unknown datasource", "datasource_entries", { datasource: "no-such-datasource" });

  // Deletes last, after the CDN has read what they remove.
  await mapi("stories: delete", "DELETE", `/stories/${storyId}`);
  await mapi("datasource entries: delete", "DELETE", `/datasource_entries/${entryId}`);
  await mapi("datasources: delete", "DELETE", `/datasources/${datasourceId}`);
  await mapi("presets: delete", "DELETE", `/presets/${presetId}`);
  await mapi("components: delete", "DELETE", `/components/${componentId}`);
  await mapi("component groups: delete", "DELETE", `/component_groups/${groupId}`);
  return answers;
}

/** Step 2 of an asset upload: the signed form POSTed where the answer says, as the client does (not a Management API call). */
async function uploadSigned(_url: string, signed: Body | undefined): Promise<void> {
  if (!signed || typeof signed.post_url !== "string") return;
  const form = new FormData();
  for (const [key, value] of Object.entries((signed.fields ?? {}) as Record<string, string>)) form.append(key, value);
  form.append(
    "file",
    new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], { type: "image/svg+xml" }),
    "probe.svg",
  );
  await fetch(signed.post_url, { method: "POST", body: form });
}
