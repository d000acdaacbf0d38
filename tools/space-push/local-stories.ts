/**
 * The stories of a content folder as `space push` sends them: each with the
 * state the space must end in. The folder's layout is the local CDN's
 * (src/content/sources/local-cdn/story-index.ts): `published_at: null` marks a story
 * never published, and a drafts/ file is a pending draft over a published
 * story.
 */
import { buildStoryIndex, storedVersions } from "../../src/content/sources/local-cdn/story-index";
import type { CdnStory, StoryFileProblem } from "../../src/content/sources/local-cdn/story-types";

/** published: live as written. draft: never published. published-with-draft: live, with unpublished changes pending over it. */
type StoryState = "published" | "draft" | "published-with-draft";

export interface LocalStory {
  fullSlug: string;
  /** The content folder's own id and uuid: what other stories refer to it by. */
  sourceId: number;
  sourceUuid: string;
  /** The file, relative to the content folder (for messages). */
  file: string;
  state: StoryState;
  /** What readers of published content get; null when never published. */
  published: CdnStory | null;
  /** What the editor works on: the pending draft, the never-published story, or the published story itself. */
  working: CdnStory;
}

export class LocalContentError extends Error {
  override name = "LocalContentError";
  constructor(readonly problems: readonly StoryFileProblem[]) {
    super(`content cannot be pushed:\n${problems.map(({ file, problem }) => `  ${file}: ${problem}`).join("\n")}`);
  }
}

/**
 * The deepest nesting (objects and arrays inside one another) a story's JSON may have to be sent.
 * Storyblok's Management API client serialises a request body with a recursive replacer, which
 * overflows Node's default stack somewhere past 3,000 levels and then fails mid-push with only
 * "Maximum call stack size exceeded". Content an editor builds nests a few dozen levels; this
 * limit stops a broken or generated file before the first write, with its name and its depth.
 */
export const MAX_STORY_NESTING = 1000;

/** How deep `value` nests, counted without recursion (the point is a depth recursion cannot take). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== "object") continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** The stories of `dir`; any file the local CDN could not serve, or the push could not send, stops the push before it starts. */
export async function readLocalStories(dir: string): Promise<LocalStory[]> {
  const index = await buildStoryIndex(dir);
  const problems = [...index.problems];
  // Each file is one stored version, and none the index served has a problem of its own.
  for (const stored of index.stories) {
    for (const [file, story] of storedVersions(stored)) {
      const depth = nestingDepth(story);
      if (depth > MAX_STORY_NESTING) {
        problems.push({
          file,
          problem: `nests ${depth} levels deep, more than the ${MAX_STORY_NESTING} a story can be sent with; the push would stop at it halfway`,
        });
      }
    }
  }
  if (problems.length > 0) throw new LocalContentError(problems);
  return index.stories.map((stored) => ({
    fullSlug: stored.draft.full_slug,
    sourceId: stored.draft.id,
    sourceUuid: stored.draft.uuid,
    file: stored.file,
    state: !stored.published ? "draft" : stored.draftFile ? "published-with-draft" : "published",
    published: stored.published,
    working: stored.draft,
  }));
}

/** Every version of the story the space will hold (the published one first). */
export function storyVersions(story: LocalStory): CdnStory[] {
  return story.published && story.published !== story.working ? [story.published, story.working] : [story.working];
}
