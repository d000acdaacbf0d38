/**
 * The stories of a content folder as `space push` sends them: each with the
 * state the space must end in. The folder's layout is the local CDN's
 * (src/content/local-cdn/story-index.ts): `published_at: null` marks a story
 * never published, and a drafts/ file is a pending draft over a published
 * story.
 */
import { buildStoryIndex } from "../../content/local-cdn/story-index";
import type { CdnStory, StoryFileProblem } from "../../content/local-cdn/story-types";

/** published: live as written. draft: never published. published-with-draft: live, with unpublished changes pending over it. */
export type StoryState = "published" | "draft" | "published-with-draft";

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

/** The stories of `dir`; any file the local CDN could not serve stops the push before it starts. */
export async function readLocalStories(dir: string): Promise<LocalStory[]> {
  const index = await buildStoryIndex(dir);
  if (index.problems.length > 0) throw new LocalContentError(index.problems);
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
