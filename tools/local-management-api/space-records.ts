/**
 * The records the local Management API keeps, in Storyblok's Management API
 * shapes: each is the client's answer type (client-types.ts) for what it
 * holds, plus what the emulator keeps for itself. Stored as JSON exactly as
 * answered, so `space/components.json` reads like the repository's
 * schema/components.json.
 */
import type { CdnStory } from "../../src/content/sources/local-cdn/story-types";
import type {
  AssetAnswer,
  ComponentAnswer,
  ComponentGroupAnswer,
  DatasourceAnswer,
  DatasourceEntryAnswer,
  PresetAnswer,
} from "./client-types";

/** Answers keep what a request set beyond the typed fields (Storyblok ignores unknown ones; the emulator keeps them). */
type Open<T> = T & { [key: string]: unknown };

/** A component as stored: the answer without what is derived per answer (real_name, all_presets). */
export type ComponentRecord = Open<Omit<ComponentAnswer, "real_name" | "all_presets" | "internal_tags_list">>;

export type ComponentGroupRecord = ComponentGroupAnswer;

export type PresetRecord = Open<PresetAnswer>;

export type DatasourceRecord = Open<DatasourceAnswer>;

export type DatasourceEntryRecord = Open<DatasourceEntryAnswer & { datasource_id: number }>;

/** A folder: a story with `is_folder: true`, which the CDN never serves. */
export interface FolderRecord {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  parent_id: number;
  is_folder: true;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

export type AssetRecord = Open<
  AssetAnswer & {
    short_filename: string;
    content_type: string | null;
    content_length: number | null;
    /** Where the file is: under `assets/` on disk and under the server's origin (not answered). */
    key: string;
    /** Signed, then its file uploaded, then finished (`finish_upload`); only finished assets are listed (not answered). */
    upload: "signed" | "uploaded" | "finished";
    /**
     * A file of the content folder's own `assets/` (not uploaded through the API): its key is
     * the file's name, it is served at `/assets/<name>` and its `filename` is stored as the
     * stories write it, `/assets/<name>`, and answered on the server's origin (not answered).
     */
    embedded?: true;
  }
>;

/** A story as on disk: the `stories/` file, and the `drafts/` file when one holds unpublished changes. */
export interface StoryEntry {
  story: CdnStory;
  draft?: CdnStory;
  /** Where `story` was read from or last written, relative to the content folder. */
  file: string;
  draftFile?: string;
}

/**
 * A release (https://www.storyblok.com/docs/api/management/releases): a set of
 * story versions to publish together later. The client has no type for it.
 */
export interface ReleaseRecord {
  id: number;
  uuid: string;
  name: string;
  release_at: string | null;
  released: boolean;
  timezone: string | null;
  branches_to_deploy: number[];
  created_at: string;
  updated_at: string;
  owner_id: number;
  users_to_notify_ids: number[];
  public: boolean;
  allowed_user_ids: number[];
  [key: string]: unknown;
}

/**
 * The space's own settings (https://www.storyblok.com/docs/api/management/spaces):
 * what `GET /v1/spaces/:id` answers beside the fixed values of a local space, and what
 * the CDN's `spaces/me` reads its name and language codes from.
 */
export interface SpaceSettingsRecord {
  name: string;
  domain: string;
  /** The languages besides the default one, as the space's Internationalization settings hold them. */
  languages: { code: string; name: string; ai_translation_code?: string | null }[];
  /** The default language's display name (Storyblok's "Default" unless renamed). */
  default_lang_name: string;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

/** A tag of components or assets (https://www.storyblok.com/docs/api/management/internal-tags). */
export interface InternalTagRecord {
  id: number;
  name: string;
  object_type: "asset" | "component";
}

/** A folder of assets (https://www.storyblok.com/docs/api/management/asset-folders). */
export interface AssetFolderRecord {
  id: number;
  name: string;
  uuid: string;
  parent_id: number | null;
  parent_uuid: string | null;
}
