/**
 * `GET /v2/cdn/tags`: the tags the stories of the requested version carry, each with
 * the number of stories that carry it (`taggings_count`), by name. `starts_with` counts
 * only the stories whose full slug starts with it, as Storyblok documents it (its OpenAPI
 * description calls it a tag name prefix; the API and its docs filter by story).
 */
import { cacheControlFor, jsonResponse } from "./responses";
import type { RequestContext } from "./stories-endpoint";

const byName = new Intl.Collator("en-us").compare;

export function listTags(ctx: RequestContext): Response {
  const startsWith = ctx.params.get("starts_with")?.replace(/^\//, "");
  const counts = new Map<string, number>();
  for (const stored of ctx.snapshot.index.stories) {
    const story = ctx.version === "draft" ? stored.draft : stored.published;
    if (!story || (startsWith && !story.full_slug.startsWith(startsWith)) || !Array.isArray(story.tag_list)) continue;
    for (const tag of new Set(story.tag_list)) if (typeof tag === "string" && tag !== "") counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const tags = [...counts].sort((a, b) => byName(a[0], b[0])).map(([name, taggings_count]) => ({ name, taggings_count }));
  return jsonResponse(200, { tags, cv: ctx.snapshot.cv }, cacheControlFor(ctx.version));
}
