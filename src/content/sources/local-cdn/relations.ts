/**
 * Server-side half of `resolve_relations` and `resolve_links`: find the
 * story uuids a response refers to, so they can be sent alongside it in
 * `rels` / `links`. Substituting them into the content is the client's job
 * (storyblok-js-client does it), exactly as with Storyblok.
 */
import { forEachObject } from "../../shaping/content-tree";
import type { CdnStory, Json, JsonObject } from "./story-types";

/** Above this many, Storyblok sends only the uuids (`rel_uuids`, `link_uuids`) and the client fetches them. */
const INLINE_RELATIONS_LIMIT = 50;

/** Calls `visit` for every object in the tree, rich-text blok bodies included; iterative, as deep content can be. */
function walk(node: Json | undefined, visit: (object: JsonObject) => void): void {
  forEachObject(node, visit as (object: Record<string, unknown>) => void);
}

/** Uuids in fields named by `component.field` patterns, in first-seen order. */
export function relationUuids(stories: readonly CdnStory[], patterns: readonly string[]): string[] {
  const wanted = new Set(patterns);
  const found = new Set<string>();
  for (const story of stories) {
    walk(story.content, (object) => {
      if (typeof object.component !== "string") return;
      for (const [field, value] of Object.entries(object)) {
        if (!wanted.has(`${object.component}.${field}`)) continue;
        for (const uuid of Array.isArray(value) ? value : [value]) {
          if (typeof uuid === "string" && uuid !== "") found.add(uuid);
        }
      }
    });
  }
  return [...found];
}

/** Uuids of stories linked from multilink fields and rich-text link marks. */
export function linkUuids(stories: readonly CdnStory[]): string[] {
  const found = new Set<string>();
  for (const story of stories) {
    walk(story.content, (object) => {
      if (object.linktype !== "story") return;
      const uuid = object.fieldtype === "multilink" ? object.id : object.uuid;
      if (typeof uuid === "string" && uuid !== "") found.add(uuid);
    });
  }
  return [...found];
}

/**
 * `resolve_links=url` sends a small url object instead of the whole story,
 * as Storyblok announced it (name, id, uuid, slug, full_slug, url).
 */
export function urlObject(story: CdnStory): JsonObject {
  return {
    name: story.name,
    id: story.id,
    uuid: story.uuid,
    slug: story.slug,
    url: story.full_slug,
    full_slug: story.full_slug,
  };
}

/**
 * `resolve_links=link` sends link objects as the Links API shapes them:
 * `slug` is the full slug, `real_path` the path with a leading slash (the
 * story's own `path` when it has one).
 */
export function linkObject(story: CdnStory): JsonObject {
  const path = typeof story.path === "string" && story.path !== "" ? story.path : null;
  return {
    id: story.id,
    uuid: story.uuid,
    slug: story.full_slug,
    path,
    // The Links API writes the root as null where stories write 0.
    parent_id: typeof story.parent_id === "number" && story.parent_id !== 0 ? story.parent_id : null,
    name: story.name,
    is_folder: false,
    published: story.published_at !== null,
    is_startpage: story.is_startpage,
    position: story.position,
    real_path: `/${(path ?? story.full_slug).replace(/^\//, "")}`,
  };
}

/** Splits a relation list the way the API does: inline up to the limit, uuids only above it. */
export function inlineOrUuids<T>(items: T[], uuids: string[]): { inline: T[] } | { uuids: string[] } {
  return uuids.length > INLINE_RELATIONS_LIMIT ? { uuids } : { inline: items };
}
