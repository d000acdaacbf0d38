/**
 * Stories as the local CDN handles them: JSON objects in the CDN's wire
 * shape. The CDN never interprets content beyond `component` and `_uid`,
 * so content stays `unknown`-valued JSON here; typed access is the
 * renderers' business, through src/generated.
 */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface CdnStory extends JsonObject {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  position: number;
  is_startpage: boolean;
  published_at: string | null;
  content: JsonObject & { component: string; _uid: string };
}

/** One story as stored in `content/`: its published and draft versions. */
export interface StoredStory {
  /** Path of the file the story came from, relative to the content directory. */
  file: string;
  /** `null` when the story was never published (its `published_at` is null). */
  published: CdnStory | null;
  /** What `version=draft` returns: the draft file when there is one, else the published story. */
  draft: CdnStory;
  /** The drafts/ file `draft` came from, when it is not the story file itself. */
  draftFile?: string;
}

/** A story file that could not be served, and why. */
export interface StoryFileProblem {
  file: string;
  problem: string;
}

export type ContentVersion = "published" | "draft";
