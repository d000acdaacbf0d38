/**
 * A space's stories as a migration needs them: each story with the
 * versions it has. The Management API's `GET /stories/:id` answers the
 * working copy only (the pending draft when there is one), so the published
 * version of a story with unpublished changes is read from the Content
 * Delivery API with the space's public token, which serves published
 * content only: the version visitors see, exactly, in each of the space's
 * languages (published-translations.ts).
 */
import type { CdnStory } from "../../../src/content/sources/local-cdn/story-types";
import { listAll } from "../../management-api/list-all";
import type { ManagementClient } from "../../management-api/management-client";
import { readSpaceLanguages, withTranslations, type SpaceLanguages } from "./published-translations";

/** `published`: no pending changes; `pending`: published with a draft over it; `draft`: never published. */
export type StoryState = "published" | "pending" | "draft";

export interface SpaceStoryVersions {
  id: number;
  uuid: string;
  fullSlug: string;
  name: string;
  slug: string;
  parentId: number;
  state: StoryState;
  /** The working copy (Management API), which is the published version when `state` is "published". */
  working: CdnStory;
  /** The published version when it differs from the working copy (`state` "pending"), from the CDN. */
  published?: CdnStory;
}

/**
 * Reads a story's published version by its uuid (the public token's CDN,
 * `find_by=uuid`): by uuid, not full slug, since a pending draft may have
 * renamed or moved the story, and the published version still has the old slug.
 * In the default language, or in `language` (one of the space's codes).
 */
export type PublishedReader = (uuid: string, language?: string) => Promise<CdnStory>;

interface Row {
  id: number;
  full_slug: string;
  is_folder: boolean;
  published: boolean;
  unpublished_changes: boolean;
}

export class NoPublishedReader extends Error {}

export async function readSpaceStories(
  client: ManagementClient,
  readPublished: PublishedReader | undefined,
): Promise<SpaceStoryVersions[]> {
  const rows = await listAll((page, perPage) =>
    client.stories
      .list({ query: { page, per_page: perPage } })
      .then(({ data, response }) => ({ rows: (data.stories ?? []) as unknown as Row[], response })),
  );
  const stories: SpaceStoryVersions[] = [];
  // Read once, and only when a published version is read from the CDN.
  let languages: SpaceLanguages | undefined;
  for (const row of rows.filter((candidate) => !candidate.is_folder).sort((a, b) => a.full_slug.localeCompare(b.full_slug, "en-us"))) {
    const { data } = await client.stories.get(row.id);
    const working = (data as unknown as { story: CdnStory & { name: string; slug: string; parent_id?: number | null } }).story;
    const state: StoryState = !row.published ? "draft" : row.unpublished_changes ? "pending" : "published";
    let published: CdnStory | undefined;
    if (state === "pending") {
      if (readPublished === undefined) {
        throw new NoPublishedReader(
          `${row.full_slug} has unpublished changes: its published version is read from the Content Delivery API, which needs the space's public access token (--public-token or STORYBLOK_TOKEN)`,
        );
      }
      published = withoutEditable(await readPublished(working.uuid));
      languages ??= await readSpaceLanguages(client);
      for (const code of languages.codes) {
        const translated = withoutEditable(await readPublished(working.uuid, code));
        published = withTranslations(published, code, translated, languages.translatable);
      }
    }
    stories.push({
      id: row.id,
      uuid: working.uuid,
      fullSlug: row.full_slug,
      name: working.name,
      slug: working.slug,
      parentId: typeof working.parent_id === "number" ? working.parent_id : 0,
      state,
      working,
      ...(published && { published }),
    });
  }
  return stories;
}

/**
 * The CDN's answer as the Management API stores it: the Visual Editor's
 * `_editable` comments, which the CDN may add to each block, are not
 * content, and written back they would be saved into the story.
 */
export function withoutEditable<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutEditable) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "_editable")
      .map(([key, inner]) => [key, withoutEditable(inner)]),
  ) as T;
}
