/**
 * Where Storyblok's OpenAPI description 2.2.0 (tests/fixtures/openapi/) and the newer
 * generated types of Storyblok's own clients disagree, the project follows the clients
 * (issue 40): @storyblok/management-api-client 0.7.0 for the Management API (generated
 * from a later revision of the same description), storyblok-js-client 7.7 for the
 * Content Delivery API. Each case is one amendment to the description as the tests load
 * it, naming the client type that says so. docs/local-apis.md lists them.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface Amendment {
  /** The schema or operation it is about. */
  what: string;
  /** What the description says, and what the client's types say instead. */
  why: string;
  /** Changes the loaded description: its files, parsed, by path under tests/fixtures/openapi/ (new files may be added). */
  apply(documents: Map<string, Json>): void;
}

function at(documents: Map<string, Json>, file: string, pointer: string): JsonObject {
  let node = documents.get(file);
  for (const part of pointer.split("/").slice(1)) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    node = Array.isArray(node) ? node[Number(key)] : (node as JsonObject | undefined)?.[key];
  }
  if (typeof node !== "object" || node === null || Array.isArray(node))
    throw new Error(`amendments: ${file}#${pointer} is not a schema object`);
  return node;
}

/** The properties of the schema at `pointer` made to accept null too (`type: [<type>, "null"]`). */
function nullable(what: string, why: string, file: string, pointer: string, names: readonly string[]): Amendment {
  return {
    what,
    why,
    apply(documents) {
      const properties = at(documents, file, `${pointer}/properties`);
      for (const name of names) {
        const property = properties[name] as JsonObject | undefined;
        if (!property) throw new Error(`amendments: ${file}#${pointer} has no property ${name}`);
        if (typeof property.$ref === "string" || property.type === undefined) {
          // A reference or an untyped schema: null besides whatever it is.
          properties[name] = { anyOf: [property, { type: "null" }] };
        } else {
          const types = Array.isArray(property.type) ? property.type : [property.type];
          if (!types.includes("null")) property.type = [...types, "null"];
        }
      }
    },
  };
}

/** A copy of a file with some properties no longer required, under a new name. */
function withoutRequired(documents: Map<string, Json>, file: string, copy: string, pointer: string, names: readonly string[]): void {
  const document = structuredClone(documents.get(file)) as Json;
  documents.set(copy, document);
  const schema = at(documents, copy, pointer);
  if (!Array.isArray(schema.required)) throw new Error(`amendments: ${file}#${pointer} requires nothing`);
  schema.required = schema.required.filter((name) => !names.includes(name as string));
}

const CLIENT = "@storyblok/management-api-client 0.7.0";

export const AMENDMENTS: readonly Amendment[] = [
  nullable(
    "Management API component group: parent_id, parent_uuid",
    `2.2.0: integer and string. ${CLIENT} ComponentGroup: number | null, string | null (a group at the top level has no parent).`,
    "mapi/component_folders/main.yaml",
    "/components/schemas/ComponentFolder",
    ["parent_id", "parent_uuid"],
  ),
  nullable(
    "Management API component: preview_field, component_group_uuid, color, icon, content_type_asset_preview",
    `2.2.0: strings. ${CLIENT} Component: string | null for each (unset on a new component).`,
    "mapi/components/component.yaml",
    "",
    ["preview_field", "component_group_uuid", "color", "icon", "content_type_asset_preview"],
  ),
  nullable(
    "Management API preset: image, color, icon, description",
    `2.2.0: strings. ${CLIENT} Preset: string | null for each.`,
    "mapi/presets/main.yaml",
    "/components/schemas/Preset",
    ["image", "color", "icon", "description"],
  ),
  nullable(
    "Management API datasource entry: dimension_value",
    `2.2.0: string. ${CLIENT} DatasourceEntry: string | null (null unless a dimension is asked for).`,
    "mapi/datasource_entries/main.yaml",
    "/components/schemas/DatasourceEntry",
    ["dimension_value"],
  ),
  nullable(
    "Management API asset: alt, title, copyright, focus, source, asset_folder_id, deleted_at, expire_at, publish_at",
    `2.2.0: strings and a number. ${CLIENT} ShowAsset and IndexAsset: each … | null (unset metadata, an asset in no folder, never deleted).`,
    "mapi/assets/main.yaml",
    "/components/schemas/Asset",
    ["alt", "title", "copyright", "focus", "source", "asset_folder_id", "deleted_at", "expire_at", "publish_at"],
  ),
  {
    what: "Management API signed response object: id",
    why: `2.2.0: string. ${CLIENT} CreateAsset: id: number (the asset's id, which finish_upload takes).`,
    apply(documents) {
      const properties = at(documents, "mapi/assets/main.yaml", "/components/schemas/SignedResponseObject/properties");
      properties.id = { ...(properties.id as JsonObject), type: "integer" };
    },
  },
  {
    what: "Management API asset update: PATCH",
    why: `2.2.0 describes PUT /assets/{asset_id}; ${CLIENT} assets.update sends PATCH. Both are answered alike (an empty 204).`,
    apply(documents) {
      const item = at(documents, "mapi/assets/main.yaml", "/paths/~1v1~1spaces~1{space_id}~1assets~1{asset_id}");
      item.patch = structuredClone(item.put as JsonObject);
    },
  },
  nullable(
    "Management API story: parent, release_id, scheduled_dates, current_version_id, stage",
    `2.2.0: object, integer, string, integer, object. ${CLIENT} Story: parent, scheduled_dates, current_version_id and stage are … | null (a story at the top level, never scheduled, in no release or workflow); it has no release_id, which the story keeps as the CDN's story has it (integer | null).`,
    "mapi/stories/schemas/story-mapi.yaml",
    "/allOf/1",
    ["parent", "release_id", "scheduled_dates", "current_version_id", "stage"],
  ),
  nullable(
    "Management API story breadcrumb: path",
    `2.2.0: string. ${CLIENT} Breadcrumb: path: string | null (a folder without a real path).`,
    "mapi/stories/schemas/story-mapi.yaml",
    "/allOf/1/properties/breadcrumbs/items",
    ["path"],
  ),
  {
    what: "Management API stories list: content",
    why: `2.2.0 lists stories with the full story schema, which requires content. ${CLIENT} lists them as Stories, which has no content (content_type instead), as Storyblok's docs say ("story objects without content").`,
    apply(documents) {
      withoutRequired(documents, "shared/stories/story-base.yaml", "shared/stories/story-base-row.yaml", "", ["content"]);
      const row = structuredClone(documents.get("mapi/stories/schemas/story-mapi.yaml")) as JsonObject;
      ((row.allOf as JsonObject[])[0] as JsonObject).$ref = "../../../shared/stories/story-base-row.yaml";
      documents.set("mapi/stories/schemas/story-mapi-row.yaml", row);
      const items = at(
        documents,
        "mapi/stories/main.yaml",
        "/paths/~1v1~1spaces~1{space_id}~1stories/get/responses/200/content/application~1json/schema/properties/stories/items",
      );
      items.$ref = "./schemas/story-mapi-row.yaml";
    },
  },
  {
    what: "Content Delivery API story: updated_at",
    why: "2.2.0 requires updated_at on the story base both APIs share. storyblok-js-client 7.7 ISbStoryData: updated_at?: string, and Storyblok's recorded CDN answers (tests/fixtures/cdn/) have none; the Management API's story keeps it required.",
    apply(documents) {
      withoutRequired(documents, "shared/stories/story-base.yaml", "shared/stories/story-base-cdn.yaml", "", ["updated_at"]);
      const story = at(documents, "capi/shared/stories/story-capi.yaml", "");
      ((story.allOf as JsonObject[])[0] as JsonObject).$ref = "../../../shared/stories/story-base-cdn.yaml";
    },
  },
];
