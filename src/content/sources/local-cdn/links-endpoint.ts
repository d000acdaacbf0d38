/**
 * `GET /v2/cdn/links`: every story of the requested version as a link (its
 * id, uuid, full slug, name and place), the map keyed by uuid that Storyblok
 * answers, paged as it pages (`per_page` up to 1,000, 25 by default, with
 * `total` and `per-page` headers; `paginated` is the legacy switch that
 * today's spaces no longer need). One request names up to 1,000 pages: what
 * the site lists to know its pages without a request per path (issue 36).
 *
 * The embedded content has no folder objects, so only stories are links;
 * a story's `parent_id` is null, as for a story at the root.
 */
import { filterStories, pageOf, paginate } from "./list-query";
import { cacheControlFor, jsonResponse } from "./responses";
import type { RequestContext } from "./stories-endpoint";
import type { CdnStory, Json } from "./story-types";

export const MAX_LINKS_PER_PAGE = 1000;

/** The link of one story, as the links endpoint and `resolve_links=link` describe it. */
function linkOf(story: CdnStory, published: boolean, includeDates: boolean): Record<string, Json> {
  return {
    id: story.id,
    uuid: story.uuid,
    slug: story.full_slug,
    path: null,
    parent_id: null,
    name: story.name,
    is_folder: false,
    published,
    is_startpage: story.is_startpage,
    position: story.position,
    real_path: `/${story.full_slug}`,
    ...(includeDates && {
      published_at: story.published_at,
      created_at: (story.created_at) ?? null,
      updated_at: (story.updated_at) ?? story.published_at,
    }),
  };
}

export function listLinks(ctx: RequestContext): Response {
  const { index, cv } = ctx.snapshot;
  const versioned = index.stories
    .map((stored) => ({ story: ctx.version === "draft" ? stored.draft : stored.published, published: stored.published !== null }))
    .filter((entry): entry is { story: CdnStory; published: boolean } => entry.story !== null);
  // Only `starts_with` of the story filters applies to links.
  const startsWith = ctx.params.get("starts_with");
  const allowed = new Set(filterStories(versioned.map((entry) => entry.story), new URLSearchParams(startsWith ? { starts_with: startsWith } : {})));
  const matching = versioned.filter((entry) => allowed.has(entry.story)).sort((a, b) => a.story.full_slug.localeCompare(b.story.full_slug, "en-us"));
  const page = pageOf(ctx.params, MAX_LINKS_PER_PAGE);
  const includeDates = ctx.params.get("include_dates") === "1";
  const links = Object.fromEntries(paginate(matching, page).map((entry) => [entry.story.uuid, linkOf(entry.story, entry.published, includeDates)]));
  return jsonResponse(200, { links, cv }, cacheControlFor(ctx.version), { total: String(matching.length), "per-page": String(page.perPage) });
}
