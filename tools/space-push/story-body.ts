/**
 * The story a space should hold for one version of a content story: the
 * fields a push sets, with every reference rewritten to the space's ids.
 * `created_at` and `published_at` are left to the space, as its own record
 * of when things happened there; `first_published_at`, which Storyblok
 * lets a write set, is kept: it is when the work first went public, what
 * the site shows as a project's date of publication (JSON-LD
 * `datePublished`), and a move to another space does not change it.
 */
import type { CdnStory, Json, JsonObject } from "../../src/content/sources/local-cdn/story-types";
import { folderOf } from "./local-folders";
import type { StoryReferenceFields } from "./reference-fields";
import { rewriteReferences, type ReferenceTargets } from "./rewrite-references";
import type { StoryBody } from "./space-api";

export interface StoryTargets extends ReferenceTargets {
  /** The space's numeric id for a content story (by its source uuid). */
  storyId(sourceUuid: string): number | undefined;
  /** A content story's source uuid from its source id (alternates name stories by id). */
  sourceUuidOfId(sourceId: number): string | undefined;
  /** The space's id of a folder by full slug; 0 for the root. */
  folderId(fullSlug: string): number | undefined;
  /** The space's id of a folder by the id the content's source space gave it. */
  folderIdBySourceId(sourceId: number): number | undefined;
}

export interface BuiltStoryBody {
  body: StoryBody;
  /** Source uuids of stories referred to that have no space id yet (or are not in the content). */
  missingStories: Set<string>;
  missingAssets: Set<string>;
}

export function buildStoryBody(version: CdnStory, fields: StoryReferenceFields, targets: StoryTargets): BuiltStoryBody {
  const rewritten = rewriteReferences(version.content, fields, targets);
  const folder = folderOf(version.full_slug);
  const parentId = folder === "" ? 0 : targets.folderId(folder);
  if (parentId === undefined) throw new Error(`story "${version.full_slug}": its folder "${folder}" is not in the space`);
  const body: StoryBody = {
    name: version.name,
    slug: version.slug,
    parent_id: parentId,
    is_startpage: version.is_startpage === true,
    ...(typeof version.position === "number" ? { position: version.position } : {}),
    tag_list: Array.isArray(version.tag_list) ? version.tag_list.filter((tag): tag is string => typeof tag === "string") : [],
    path: typeof version.path === "string" ? version.path : null,
    sort_by_date: typeof version.sort_by_date === "string" ? version.sort_by_date : null,
    content: rewritten.content,
    ...(typeof version.first_published_at === "string" ? { first_published_at: version.first_published_at } : {}),
  };
  const alternates = Array.isArray(version.alternates) ? version.alternates : [];
  if (alternates.length > 0) {
    // Storyblok makes stories alternates of each other by a shared group_id; the list itself is what the CDN shows.
    if (typeof version.group_id === "string") body.group_id = version.group_id;
    body.alternates = alternates.map((alternate) => rewriteAlternate(alternate, targets, rewritten.missingStories));
  }
  return { body, missingStories: rewritten.missingStories, missingAssets: rewritten.missingAssets };
}

function rewriteAlternate(alternate: Json, targets: StoryTargets, missingStories: Set<string>): JsonObject {
  if (typeof alternate !== "object" || alternate === null || Array.isArray(alternate)) return {};
  const copy: JsonObject = { ...alternate };
  if (typeof alternate.id === "number") {
    const sourceUuid = targets.sourceUuidOfId(alternate.id);
    const id = sourceUuid === undefined ? undefined : targets.storyId(sourceUuid);
    if (id !== undefined) copy.id = id;
    else if (sourceUuid !== undefined) missingStories.add(sourceUuid);
  }
  if (typeof alternate.parent_id === "number" && alternate.parent_id > 0) {
    copy.parent_id = targets.folderIdBySourceId(alternate.parent_id) ?? alternate.parent_id;
  }
  return copy;
}
