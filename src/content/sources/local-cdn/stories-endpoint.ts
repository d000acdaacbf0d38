/**
 * `GET /v2/cdn/stories` and `GET /v2/cdn/stories/{full_slug | id | uuid}`:
 * turns a snapshot of the content directory into the API's answers.
 */
import { withEditable } from "./editable";
import { excludeFields, filterStories, pageOf, paginate, sortStories } from "./list-query";
import { relatedParts } from "./related-stories";
import { cacheControlFor, jsonResponse, notFound } from "./responses";
import { findStory } from "./story-index";
import type { StoreSnapshot } from "./story-store";
import type { CdnStory, ContentVersion, StoredStory } from "./story-types";

export interface RequestContext {
  snapshot: StoreSnapshot;
  params: URLSearchParams;
  version: ContentVersion;
  spaceId: string;
}

/** The story in the requested version, shaped as the response carries it. */
function present(stored: StoredStory | undefined, ctx: RequestContext): CdnStory | undefined {
  const story = ctx.version === "draft" ? stored?.draft : stored?.published;
  if (!story) return undefined;
  const shaped = excludeFields(story, ctx.params.get("excluding_fields"));
  return ctx.version === "draft" ? withEditable(shaped, ctx.spaceId) : shaped;
}

function lookupByUuid(ctx: RequestContext): (uuid: string) => CdnStory | undefined {
  return (uuid) => present(ctx.snapshot.index.byUuid.get(uuid), ctx);
}

export function listStories(ctx: RequestContext): Response {
  const { index, cv } = ctx.snapshot;
  const versioned = index.stories
    .map((stored) => (ctx.version === "draft" ? stored.draft : stored.published))
    .filter((story): story is CdnStory => story !== null);
  const matching = sortStories(filterStories(versioned, ctx.params), ctx.params.get("sort_by"), ctx.params.has("by_uuids_ordered"));
  const page = pageOf(ctx.params);
  const stories = paginate(matching, page)
    .map((story) => present(index.byUuid.get(story.uuid), ctx))
    .filter((story): story is CdnStory => story !== undefined);
  return jsonResponse(
    200,
    { stories, cv, ...relatedParts(stories, ctx.params, lookupByUuid(ctx)) },
    cacheControlFor(ctx.version),
    { total: String(matching.length), "per-page": String(page.perPage) },
  );
}

export function getStory(key: string, ctx: RequestContext): Response {
  const story = present(findStory(ctx.snapshot.index, key, ctx.params.get("find_by")), ctx);
  if (!story) return notFound();
  return jsonResponse(
    200,
    { story, cv: ctx.snapshot.cv, ...relatedParts([story], ctx.params, lookupByUuid(ctx)) },
    cacheControlFor(ctx.version),
  );
}
