/**
 * The records the local Management API keeps, in Storyblok's Management API
 * shapes (the client's generated types are the reference; tests check the
 * emulator's answers against them). Stored as JSON exactly as answered, so
 * `space/components.json` reads like the repository's schema/components.json.
 */
import type { CdnStory, JsonObject } from "../local-cdn/story-types";

export interface ComponentRecord extends JsonObject {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ComponentGroupRecord extends JsonObject {
  id: number;
  name: string;
  uuid: string;
  parent_id: number | null;
  parent_uuid: string | null;
}

export interface PresetRecord extends JsonObject {
  id: number;
  name: string;
  component_id: number;
  space_id: number;
  created_at: string;
  updated_at: string;
}

export interface DatasourceRecord extends JsonObject {
  id: number;
  name: string;
  slug: string;
}

export interface DatasourceEntryRecord extends JsonObject {
  id: number;
  name: string;
  value: string;
  dimension_value: string | null;
  datasource_id: number;
}

/** A folder: a story with `is_folder: true`, which the CDN never serves. */
export interface FolderRecord extends JsonObject {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  parent_id: number;
  is_folder: true;
  created_at: string;
  updated_at: string;
}

export interface AssetRecord extends JsonObject {
  id: number;
  filename: string;
  short_filename: string;
  space_id: number;
  content_type: string | null;
  content_length: number | null;
  created_at: string;
  updated_at: string;
  /** Where the file is: under `assets/` on disk and under the server's origin (not answered). */
  key: string;
  /** Signed, then its file uploaded, then finished (`finish_upload`); only finished assets are listed (not answered). */
  upload: "signed" | "uploaded" | "finished";
}

/** A story as on disk: the `stories/` file, and the `drafts/` file when one holds unpublished changes. */
export interface StoryEntry {
  story: CdnStory;
  draft?: CdnStory;
  /** Where `story` was read from or last written, relative to the content folder. */
  file: string;
  draftFile?: string;
}
