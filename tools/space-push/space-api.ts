/**
 * What a push needs of a space, one method per Management API request, so
 * every request can be paced, counted and (in a dry run) withheld in one
 * place. management-space-api.ts answers it with Storyblok's client;
 * dry-run-writes.ts stands in for the writes of a dry run.
 */
import type { JsonObject } from "../../src/content/sources/local-cdn/story-types";

/** A story or folder as the space lists it (`GET /stories` leaves content out). */
export interface SpaceStorySummary {
  id: number;
  uuid: string;
  full_slug: string;
  is_folder: boolean;
  published: boolean;
  unpublished_changes: boolean;
  updated_at?: string | null;
  published_at?: string | null;
  parent_id?: number | null;
  name?: string;
  position?: number;
}

/** A story or folder with its working content (`GET /stories/:id`, and what a write answers). */
export interface SpaceStory extends SpaceStorySummary {
  name: string;
  slug: string;
  content?: JsonObject;
  [field: string]: unknown;
}

export interface SpaceAsset {
  id: number;
  filename: string;
  ext_id?: string | null;
  short_filename?: string;
  content_length?: number | null;
}

/** The fields a push sets on a story or folder. */
export interface StoryBody {
  name: string;
  slug: string;
  parent_id: number;
  is_folder?: boolean;
  is_startpage?: boolean;
  position?: number;
  tag_list?: string[];
  path?: string | null;
  sort_by_date?: string | null;
  first_published_at?: string;
  group_id?: string;
  alternates?: JsonObject[];
  content?: JsonObject;
}

/** Storyblok's signed upload form (`POST /assets`'s answer). */
export interface SignedUpload {
  id: number;
  post_url: string;
  fields: Record<string, string>;
  pretty_url?: string;
}

export interface SpaceReads {
  listStories(): Promise<SpaceStorySummary[]>;
  getStory(id: number): Promise<SpaceStory>;
  listAssets(): Promise<SpaceAsset[]>;
}

export interface SpaceWrites {
  createStory(body: StoryBody, publish: boolean): Promise<SpaceStory>;
  updateStory(id: number, body: StoryBody, publish: boolean): Promise<SpaceStory>;
  unpublishStory(id: number): Promise<void>;
  /** Step 1 of the signed upload; with `replaceId`, a new file for that asset. */
  signAsset(request: { shortFilename: string; extId: string; replaceId?: number }): Promise<SignedUpload>;
  /** Step 2: the file to the signed form. */
  postAssetFile(signed: SignedUpload, bytes: Uint8Array<ArrayBuffer>, shortFilename: string): Promise<void>;
  /** Step 3. */
  finishAsset(id: number): Promise<SpaceAsset>;
}

export type SpaceApi = SpaceReads & SpaceWrites;
