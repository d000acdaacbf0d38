/**
 * `GET /v2/cdn/spaces/me`: the space and its current cache version. Storyblok
 * documents this as the way to learn the latest `cv` ("an API call excluding
 * the cv parameter", or with a fresh timestamp as `cv`), which is what a
 * page regenerated after a webhook must read, so the local API answers it too.
 */
import { jsonResponse } from "./responses";
import type { StoreSnapshot } from "./story-store";

/** Storyblok caches this answer for 2 seconds at its CDN; the client sends a unique `cv` to get past it. */
const SPACE_CACHE_CONTROL = "max-age=0, public, s-maxage=2";

export function getSpace(snapshot: StoreSnapshot, spaceId: string): Response {
  // Unlike stories, an outdated cv is not redirected: this is where clients learn the current one.
  return jsonResponse(
    200,
    {
      space: {
        id: Number(spaceId),
        name: snapshot.space.name,
        domain: "",
        version: snapshot.cv,
        language_codes: snapshot.space.languageCodes,
      },
    },
    SPACE_CACHE_CONTROL,
  );
}
