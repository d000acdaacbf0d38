/**
 * Storyblok's story webhook payload, e.g.
 * `{"text":"The user … published the Story …","action":"published","space_id":123,"story_id":456,"full_slug":"projects/atlas"}`.
 * A `deleted` payload has no full_slug, and none says which language changed,
 * so the story id is what the pages to refresh are found by.
 */
export const STORY_ACTIONS = ["published", "unpublished", "deleted", "moved"] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];

export interface StoryWebhook {
  action: StoryAction;
  storyId: number;
  /** Where the story is now (`moved`: its new place); absent for `deleted`. */
  fullSlug?: string;
}

export type ParsedWebhook = { ok: true; webhook: StoryWebhook } | { ok: false; problem: string };

/** Storyblok slugs: lower-case letters, digits and `-_.~` in segments joined by `/` (folders may end with one). */
const FULL_SLUG = /^[\p{L}\p{N}_.~-]+(?:\/[\p{L}\p{N}_.~-]+)*\/?$/u;
const MAX_SLUG_LENGTH = 512;

function isStoryAction(value: unknown): value is StoryAction {
  return typeof value === "string" && (STORY_ACTIONS as readonly string[]).includes(value);
}

export function parseStoryWebhook(body: string): ParsedWebhook {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: "the body is not JSON" };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { ok: false, problem: "the body is not a JSON object" };
  const payload = json as Record<string, unknown>;
  const { action, story_id: storyId, full_slug: fullSlug } = payload;
  if (!isStoryAction(action)) {
    return { ok: false, problem: `unknown action ${JSON.stringify(action)}: expected one of ${STORY_ACTIONS.join(", ")}` };
  }
  if (typeof storyId !== "number" || !Number.isSafeInteger(storyId) || storyId <= 0) {
    return { ok: false, problem: "story_id must be a positive integer" };
  }
  if (fullSlug === undefined || fullSlug === null) {
    if (action === "moved") return { ok: false, problem: "a moved story needs its new full_slug" };
    return { ok: true, webhook: { action, storyId } };
  }
  if (
    typeof fullSlug !== "string" ||
    fullSlug.length > MAX_SLUG_LENGTH ||
    !FULL_SLUG.test(fullSlug) ||
    fullSlug.split("/").some((segment) => segment === "." || segment === "..")
  ) {
    return { ok: false, problem: "full_slug is not a story slug" };
  }
  return { ok: true, webhook: { action, storyId, fullSlug } };
}
