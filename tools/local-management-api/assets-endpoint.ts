/**
 * `/assets` (https://storyblok.com/docs/api/management/assets). An upload
 * takes the three steps Storyblok's does:
 *  1. `POST /assets` (`filename`, optional `size`, `asset_folder_id`, … in
 *     the query as the client sends them, or in a JSON body as the docs
 *     show) creates the asset and answers the signed response object:
 *     `post_url` (this server's upload endpoint), the form `fields`, `id`;
 *  2. the file is POSTed as multipart form to `post_url` (asset-files.ts);
 *  3. `GET /assets/:id/finish_upload` checks the file arrived.
 * `POST /assets` with the `id` of an asset signs a replacement of its file.
 * `GET /assets/:id` and the delete answer the asset itself, unwrapped, as
 * the client's types (ShowAsset, Asset) have it.
 */
import { removeFile } from "./atomic-file";
import type { AssetAnswer, AssetListBody, AssetRowAnswer, FinishUploadAnswer, SignedResponseAnswer } from "./client-types";
import { assetKeyOf, contentTypeOf, shortFilename, sizeSegment } from "./asset-names";
import { json, noContent, notFound, ok, unprocessable } from "./responses";
import { paginate } from "./pagination";
import { assetFilePath } from "./space-files";
import type { Route } from "./routes";
import { changeWith, readOne, resource, updateWith } from "./resource";
import { tagList } from "./internal-tags-endpoint";
import type { AssetRecord, InternalTagRecord } from "./space-records";
import { BLANK, idOf, isBlank } from "./validation";

/** The metadata fields an asset keeps as given. */
const METADATA = [
  "alt",
  "title",
  "copyright",
  "focus",
  "source",
  "ext_id",
  "expire_at",
  "publish_at",
  "is_private",
  "asset_folder_id",
  "meta_data",
  "internal_tag_ids",
] as const;

/** Where signed forms are POSTed: this server's stand-in for Storyblok's S3 bucket, outside /v1 as S3 is. */
export const UPLOAD_PATH = "/uploads";

const assetResource = resource<AssetRecord>("asset", ["assets"], (state) => state.assets);

/**
 * The asset as answered: without what the emulator keeps for itself, an embedded file's
 * filename (`/assets/<name>`, as the stories have it) on this server's origin, and the
 * names of its tags.
 */
export function assetView(asset: AssetRecord, origin?: string, tags: readonly InternalTagRecord[] = []): AssetAnswer & AssetRowAnswer {
  const { key, upload, embedded, ...answered } = asset;
  const filename = origin !== undefined && asset.filename.startsWith("/") ? `${origin}${asset.filename}` : asset.filename;
  return { ...answered, filename, internal_tags_list: tagList(tags, asset.internal_tag_ids) };
}

/** Step 1's parameters: the query's (the client) over the body's (the docs' examples). */
function signParams(query: URLSearchParams, body: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = { ...body };
  for (const [key, value] of query) params[key] = value;
  return params;
}

function metadataOf(params: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of METADATA) {
    const value = params[field];
    if (value === undefined) continue;
    if (field === "is_private") picked[field] = value === true || value === "true" || value === "1";
    else if (field === "asset_folder_id") picked[field] = idOf(value) ?? null;
    else picked[field] = value;
  }
  return picked;
}

function blankAsset() {
  return {
    alt: null,
    title: null,
    copyright: null,
    focus: null,
    source: null,
    ext_id: null,
    expire_at: null,
    publish_at: null,
    deleted_at: null,
    is_private: false,
    asset_folder_id: null,
    meta_data: {},
    internal_tag_ids: [],
    internal_tags_list: [],
    locked: false,
    // As the asset object is documented: the uploader's file record, without a URL of its own.
    file: { url: null },
  };
}

/** PATCH as the client sends it, PUT as Storyblok's description has it: the metadata given changes, an empty 204 answers. */
const updateAsset = updateWith(assetResource, (asset, input, _tx, { now }) => {
  Object.assign(asset, metadataOf(input), { updated_at: now() });
  return noContent();
});

export const assetRoutes: Route[] = [
  {
    method: "GET",
    path: "/assets",
    async endpoint({ store, query, origin }) {
      const state = await store.read();
      const folder = query.get("in_folder");
      const search = query.get("search")?.toLowerCase();
      const rows = state.assets
        .filter((a) => a.upload === "finished")
        .filter((a) => folder === null || String(a.asset_folder_id ?? 0) === folder)
        .filter((a) => !search || a.short_filename.toLowerCase().includes(search))
        .filter((a) => query.get("ext_id") === null || a.ext_id === query.get("ext_id"));
      const page = paginate(rows, query);
      return ok({ assets: page.rows.map((asset) => assetView(asset, origin, state.internalTags)) } satisfies AssetListBody, page.headers);
    },
  },
  {
    method: "POST",
    path: "/assets",
    endpoint: ({ store, query, body, now, origin, spaceId, signer, dir }) =>
      store.write(async (tx) => {
        const params = signParams(query, body);
        if (isBlank(params.filename)) return unprocessable({ filename: [BLANK] });
        const name = shortFilename(params.filename as string);
        const contentType = contentTypeOf(name);
        const at = now();
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a query's string or a body's number; anything else names no asset and finds none
        const replacing = params.id === undefined ? undefined : assetResource.find(tx.state, String(params.id));
        if (params.id !== undefined && !replacing) return notFound();
        const id = replacing?.id ?? tx.nextId();
        // An embedded file is replaced where it is, so the stories that name it keep finding it.
        const key = replacing?.embedded ? replacing.key : assetKeyOf(spaceId, id, name, sizeSegment(params.size));
        const fields = {
          filename: replacing?.embedded ? replacing.filename : `${origin}/${key}`,
          short_filename: replacing?.embedded ? replacing.short_filename : name,
          content_type: contentType,
          key,
          upload: "signed",
          updated_at: at,
        } as const;
        if (replacing) {
          // A replacement under the same key keeps serving the old file until the new one arrives.
          const sameKey = replacing.key === key;
          if (!sameKey) await removeFile(assetFilePath(dir, replacing.key));
          Object.assign(replacing, metadataOf(params), fields, sameKey && { upload: replacing.upload });
        } else {
          const asset: AssetRecord = {
            ...blankAsset(),
            ...metadataOf(params),
            ...fields,
            id,
            space_id: spaceId,
            content_length: null,
            created_at: at,
          };
          tx.state.assets.push(asset);
        }
        tx.touch("assets");
        const path = replacing?.embedded ? replacing.filename : `/${key}`;
        const signed: SignedResponseAnswer = {
          pretty_url: `//${new URL(origin).host}${path}`,
          public_url: `${origin}${path}`,
          fields: signer.sign(key, contentType),
          post_url: `${origin}${UPLOAD_PATH}`,
          id,
          locked: false,
          meta_data: {},
        };
        return ok(signed);
      }),
  },
  {
    method: "GET",
    path: "/assets/:id",
    endpoint: readOne(assetResource, (asset, state, { origin }) => assetView(asset, origin, state.internalTags)),
  },
  {
    method: "GET",
    path: "/assets/:id/finish_upload",
    endpoint: changeWith(assetResource, (asset, tx, { now }) => {
      if (asset.upload === "signed") return unprocessable({ file: ["has not been uploaded to the signed post_url"] });
      asset.upload = "finished";
      asset.updated_at = now();
      const { id, filename, alt, copyright, title, focus, is_private } = asset;
      const finished: FinishUploadAnswer = { id, filename, alt, copyright, title, focus, is_private };
      return ok(finished);
    }),
  },
  { method: "PUT", path: "/assets/:id", endpoint: updateAsset },
  { method: "PATCH", path: "/assets/:id", endpoint: updateAsset },
  {
    method: "DELETE",
    path: "/assets/:id",
    endpoint: changeWith(assetResource, async (asset, tx, { dir, origin }) => {
      tx.state.assets = tx.state.assets.filter((a) => a !== asset);
      await removeFile(assetFilePath(dir, asset.key));
      return json(200, assetView(asset, origin, tx.state.internalTags));
    }),
  },
];
