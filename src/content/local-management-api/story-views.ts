/**
 * Stories as the Management API answers them. On disk a story is the CDN's
 * object (so the CDN serves it as written); the Management API's story has
 * more fields, which are derived here: `published` and
 * `unpublished_changes` from the files, `is_folder`, `parent`, and the
 * many fields this emulator does not model, at the values a plain space
 * has (no workflow, releases, translations or ideas).
 */
import { createHash } from "node:crypto";
import type { CdnStory, JsonObject } from "../local-cdn/story-types";
import type { FolderRecord, StoryEntry } from "./space-records";

/** The story the Management API edits: the pending draft when there is one, else the story file. */
export function workingCopy(entry: StoryEntry): CdnStory {
  return entry.draft ?? entry.story;
}

/** Fields every Management API story has that this emulator keeps at a plain space's values. */
function unmodelled(): JsonObject {
  return {
    deleted_at: null,
    default_root: null,
    disble_fe_editor: false,
    disable_fe_editor: false,
    imported_at: null,
    pinned: false,
    breadcrumbs: [],
    publish_at: null,
    expire_at: null,
    last_author: null,
    last_author_id: null,
    user_ids: [],
    space_role_ids: [],
    translated_slugs: [],
    translated_stories: [],
    localized_paths: [],
    can_not_view: null,
    is_scheduled: false,
    scheduled_dates: null,
    ideas: [],
    favourite_for_user_ids: [],
    release_ids: [],
    current_version_id: null,
    stage: null,
  };
}

function parentSummary(parentId: unknown, folders: readonly FolderRecord[]): JsonObject | null {
  const parent = folders.find((f) => f.id === parentId);
  return parent ? { id: parent.id, uuid: parent.uuid, name: parent.name, slug: parent.slug, disble_fe_editor: false } : null;
}

/** Storyblok's preview token: a hash that lets the Visual Editor open this story's draft. */
function previewToken(uuid: string, at: string): JsonObject {
  const timestamp = String(Math.floor(Date.parse(at) / 1000));
  return { token: createHash("sha1").update(`${uuid}:${timestamp}`).digest("hex"), timestamp };
}

/** `GET /stories/:id`: the full story, its content the working copy's. */
export function storyView(entry: StoryEntry, folders: readonly FolderRecord[]): JsonObject {
  const working = workingCopy(entry);
  const updatedAt = stringOr(working.updated_at, working.created_at);
  return {
    ...unmodelled(),
    ...working,
    // The CDN's translated_slugs is null where the Management API's is a list.
    translated_slugs: [],
    alternates: Array.isArray(working.alternates) ? working.alternates : [],
    parent_id: numberOr(working.parent_id, 0),
    group_id: stringOr(working.group_id, working.uuid),
    sort_by_date: working.sort_by_date ?? null,
    tag_list: Array.isArray(working.tag_list) ? working.tag_list : [],
    meta_data: working.meta_data ?? null,
    path: working.path ?? null,
    created_at: stringOr(working.created_at, updatedAt),
    updated_at: updatedAt,
    published_at: entry.story.published_at,
    first_published_at: entry.story.first_published_at ?? null,
    is_folder: false,
    published: entry.story.published_at !== null,
    unpublished_changes: entry.draft !== undefined || entry.story.published_at === null,
    parent: parentSummary(working.parent_id, folders),
    preview_token: previewToken(working.uuid, updatedAt),
  };
}

/** A row of `GET /stories`: the story without its content, naming its content type. */
export function storyRow(entry: StoryEntry, folders: readonly FolderRecord[]): JsonObject {
  const { content, parent, preview_token, breadcrumbs, user_ids, space_role_ids, localized_paths, ideas, imported_at, is_scheduled, translated_slugs, ...row } =
    storyView(entry, folders);
  return { ...row, content_type: workingCopy(entry).content.component, content_summary: null };
}

/** A folder as a story (`is_folder: true`): never published, no content. */
export function folderView(folder: FolderRecord, folders: readonly FolderRecord[]): JsonObject {
  return {
    ...unmodelled(),
    alternates: [],
    group_id: folder.uuid,
    sort_by_date: null,
    tag_list: [],
    meta_data: null,
    path: null,
    position: 0,
    is_startpage: false,
    published_at: null,
    first_published_at: null,
    content: {},
    ...folder,
    is_folder: true,
    published: false,
    unpublished_changes: false,
    parent: parentSummary(folder.parent_id, folders),
    preview_token: previewToken(folder.uuid, folder.updated_at),
  };
}

export function folderRow(folder: FolderRecord, folders: readonly FolderRecord[]): JsonObject {
  const { content, parent, preview_token, breadcrumbs, user_ids, space_role_ids, localized_paths, ideas, imported_at, is_scheduled, translated_slugs, ...row } =
    folderView(folder, folders);
  return { ...row, content_type: "", content_summary: null };
}

function stringOr(value: unknown, fallback: unknown): string {
  return typeof value === "string" ? value : typeof fallback === "string" ? fallback : new Date(0).toISOString();
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" ? value : fallback;
}
