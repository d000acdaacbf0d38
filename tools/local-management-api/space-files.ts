/**
 * Where each part of a space lives in the content folder. Stories keep the
 * CDN's layout (src/content/sources/local-cdn/story-index.ts), so the CDN serves
 * what the Management API wrote; the rest of the space, which the CDN does
 * not serve, sits under `space/`.
 *
 *   stories/<full_slug>.json   a story (`published_at: null` = never published)
 *   drafts/<full_slug>.json    unpublished changes over a published story
 *   space/components.json      { components, component_groups }
 *   space/presets.json         { presets }
 *   space/datasources.json     { datasources, datasource_entries }
 *   space/folders.json         { folders }  (stories with is_folder: true)
 *   space/assets.json          { assets }   (asset records)
 *   space/releases.json        { releases } (scheduled releases; the emulator never releases one)
 *   space/space.json           { space }    the space's own settings: name, languages, default_lang_name
 *   space/internal_tags.json   { internal_tags }  tags of components and assets
 *   space/asset_folders.json   { asset_folders }
 *   space/sequence.json        { last_id }  the last id handed out, so none is reused
 *   assets/f/<space_id>/[<w>x<h>/]<id in hex>/<file name>   uploaded asset files (asset-names.ts)
 *   assets/<file name>         the content's own files (content/assets/), each an asset of the space,
 *                              served at /assets/<file name> as the stories name them (infer-assets.ts)
 */
import { join } from "node:path";

export type SpaceDocument =
  | "components"
  | "presets"
  | "datasources"
  | "folders"
  | "assets"
  | "releases"
  | "space"
  | "internal_tags"
  | "asset_folders"
  | "sequence";

export const SPACE_DOCUMENTS: readonly SpaceDocument[] = [
  "components",
  "presets",
  "datasources",
  "folders",
  "assets",
  "releases",
  "space",
  "internal_tags",
  "asset_folders",
  "sequence",
];

export function spaceDocumentPath(dir: string, document: SpaceDocument): string {
  return join(dir, "space", `${document}.json`);
}

/**
 * A story's file, relative to the content folder. A folder's start page has
 * the full_slug `folder/`; its file is `folder/index.json`.
 */
export function storyFile(fullSlug: string, kind: "stories" | "drafts"): string {
  const name = fullSlug.endsWith("/") ? `${fullSlug}index` : fullSlug;
  return `${kind}/${name}.json`;
}

export function assetFilePath(dir: string, key: string): string {
  return join(dir, "assets", ...key.split("/"));
}
