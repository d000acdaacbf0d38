/**
 * Stories as the Management API answers them. On disk a story is the CDN's
 * object (so the CDN serves it as written); the Management API's story has
 * more fields, which are derived here: `published` and
 * `unpublished_changes` from the files, `is_folder`, `parent`,
 * `breadcrumbs`, and the many fields this emulator does not model, at the
 * values a plain space has (no workflow, releases, translations or ideas).
 * The return types are the client's (client-types.ts), so the compiler
 * checks every field it declares is here.
 */
import { createHash } from "node:crypto";
import type { CdnStory } from "../../src/content/sources/local-cdn/story-types";
import type { StoryAnswer, StoryRowAnswer } from "./client-types";
import type { FolderRecord, StoryEntry } from "./space-records";

/** The story the Management API edits: the pending draft when there is one, else the story file. */
export function workingCopy(entry: StoryEntry): CdnStory {
  return entry.draft ?? entry.story;
}

type Breadcrumb = StoryAnswer["breadcrumbs"][number];
/** A list row: "story objects without content" (the docs), naming the content type instead. */
export type StoryRow = Omit<StoryRowAnswer, "content"> & { content_type: string; content_summary: null };

/** Every change here is made with the one token the emulator accepts: one author. */
const AUTHOR = { id: 1, userid: "local", friendly_name: "Local Management API" };

/** Fields every Management API story has that this emulator keeps at a plain space's values. */
function unmodelled() {
  return {
    deleted_at: null,
    default_root: null,
    disble_fe_editor: false,
    disable_fe_editor: false,
    imported_at: null,
    pinned: false,
    publish_at: null,
    expire_at: null,
    last_author: AUTHOR,
    last_author_id: AUTHOR.id,
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
  } satisfies Partial<StoryAnswer> & { release_ids: number[] };
}

/** The folders above a story, outermost first, as Storyblok resolves its full slug's parts. */
function breadcrumbs(parentId: unknown, folders: readonly FolderRecord[]): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [];
  const seen = new Set<number>();
  for (
    let folder = folders.find((f) => f.id === parentId);
    folder && !seen.has(folder.id);
    folder = folders.find((f) => f.id === folder.parent_id)
  ) {
    seen.add(folder.id);
    crumbs.unshift({
      id: folder.id,
      name: folder.name,
      parent_id: folder.parent_id,
      disble_fe_editor: false,
      disable_fe_editor: false,
      path: null,
      slug: folder.slug,
      translated_slugs: [],
    });
  }
  return crumbs;
}

function parentSummary(parentId: unknown, folders: readonly FolderRecord[]): StoryAnswer["parent"] {
  const parent = folders.find((f) => f.id === parentId);
  return parent ? { id: parent.id, uuid: parent.uuid, name: parent.name, slug: parent.slug, disble_fe_editor: false } : null;
}

/** Storyblok's preview token: a hash that lets the Visual Editor open this story's draft. */
function previewToken(uuid: string, at: string): StoryAnswer["preview_token"] {
  const timestamp = String(Math.floor(Date.parse(at) / 1000));
  return { token: createHash("sha1").update(`${uuid}:${timestamp}`).digest("hex"), timestamp };
}

/** `GET /stories/:id`: the full story, its content the working copy's. */
export function storyView(entry: StoryEntry, folders: readonly FolderRecord[]): StoryAnswer {
  const working = workingCopy(entry);
  const updatedAt = stringOr(working.updated_at, working.created_at);
  return {
    ...unmodelled(),
    ...working,
    // The CDN's translated_slugs is null where the Management API's is a list.
    translated_slugs: [],
    alternates: Array.isArray(working.alternates) ? (working.alternates as StoryAnswer["alternates"]) : [],
    parent_id: typeof working.parent_id === "number" ? working.parent_id : 0,
    group_id: stringOr(working.group_id, working.uuid),
    sort_by_date: typeof working.sort_by_date === "string" ? working.sort_by_date : null,
    tag_list: Array.isArray(working.tag_list) ? working.tag_list.filter((t): t is string => typeof t === "string") : [],
    meta_data: isObject(working.meta_data) ? working.meta_data : null,
    path: typeof working.path === "string" ? working.path : null,
    created_at: stringOr(working.created_at, updatedAt),
    updated_at: updatedAt,
    published_at: entry.story.published_at,
    first_published_at: typeof entry.story.first_published_at === "string" ? entry.story.first_published_at : null,
    is_folder: false,
    published: entry.story.published_at !== null,
    unpublished_changes: entry.draft !== undefined || entry.story.published_at === null,
    parent: parentSummary(working.parent_id, folders),
    breadcrumbs: breadcrumbs(working.parent_id, folders),
    preview_token: previewToken(working.uuid, updatedAt),
  };
}

export function storyRow(entry: StoryEntry, folders: readonly FolderRecord[]): StoryRow {
  const { content, ...row } = storyView(entry, folders);
  return { ...row, content_type: workingCopy(entry).content.component, content_summary: null };
}

/** A folder as a story (`is_folder: true`): never published, no content. */
export function folderView(folder: FolderRecord, folders: readonly FolderRecord[]): StoryAnswer {
  return {
    ...unmodelled(),
    alternates: [],
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
    group_id: folder.uuid,
    is_folder: true,
    published: false,
    unpublished_changes: false,
    parent: parentSummary(folder.parent_id, folders),
    breadcrumbs: breadcrumbs(folder.parent_id, folders),
    preview_token: previewToken(folder.uuid, folder.updated_at),
  };
}

export function folderRow(folder: FolderRecord, folders: readonly FolderRecord[]): StoryRow {
  const { content, ...row } = folderView(folder, folders);
  return { ...row, content_type: "", content_summary: null };
}

function stringOr(value: unknown, fallback: unknown): string {
  return typeof value === "string" ? value : typeof fallback === "string" ? fallback : new Date(0).toISOString();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
