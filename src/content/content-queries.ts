/**
 * The story queries the pages call, bound to one client. Every query asks
 * for published content with the schema's relations resolved (the client
 * substitutes the related stories into the content, so a `card_list`'s
 * `projects` arrive as stories, not uuids).
 */
import type StoryblokClient from "storyblok-js-client";
import {
  RESOLVE_RELATIONS,
  type ContentTypeBlok,
  type PageStory,
  type ProjectStory,
  type SiteConfigStory,
  type StoryblokStory,
} from "../generated";
import { isNotFound, toContentRequestError } from "./content-errors";

export const PROJECTS_FOLDER = "projects/";
export const SITE_CONFIG_SLUG = "site";
/** The API's maximum page size: listing every project costs total/100 requests. */
const LIST_PAGE_SIZE = 100;

export interface ContentQueries {
  getPageStory(slug: string): Promise<PageStory | null>;
  getProjectStory(slug: readonly string[]): Promise<ProjectStory | null>;
  listProjectSlugs(): Promise<string[][]>;
  getSiteConfig(): Promise<SiteConfigStory | null>;
}

type StoryOf<K extends ContentTypeBlok["component"]> = StoryblokStory<Extract<ContentTypeBlok, { component: K }>>;

/**
 * Narrows an API story to a content type by its `component`. The content
 * itself is trusted to match the schema (`portfolio content validate`
 * checks the embedded content; Storyblok enforces it for the real space).
 */
function ofType<K extends ContentTypeBlok["component"]>(story: unknown, component: K): StoryOf<K> | null {
  const content = (story as { content?: { component?: unknown } } | undefined)?.content;
  return content?.component === component ? (story as StoryOf<K>) : null;
}

export function createContentQueries(client: StoryblokClient): ContentQueries {
  async function getStory<K extends ContentTypeBlok["component"]>(fullSlug: string, component: K): Promise<StoryOf<K> | null> {
    try {
      const { data } = await client.getStory(fullSlug, {
        version: "published",
        resolve_relations: [...RESOLVE_RELATIONS],
      });
      return ofType(data.story, component);
    } catch (reason) {
      const error = toContentRequestError(reason);
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    getPageStory: (slug) => getStory(slug, "page"),
    getProjectStory: (segments) => getStory(`${PROJECTS_FOLDER}${segments.join("/")}`, "project"),
    getSiteConfig: () => getStory(SITE_CONFIG_SLUG, "site_config"),

    async listProjectSlugs() {
      try {
        // getAll reads `total` / `per-page` from the first answer and fetches the remaining pages.
        const stories = (await client.getAll("cdn/stories", {
          version: "published",
          starts_with: PROJECTS_FOLDER,
          content_type: "project",
          per_page: LIST_PAGE_SIZE,
          // Only slugs are needed: leave the heavy fields at the CDN.
          excluding_fields: "description,body,facts,related",
        })) as { full_slug: string }[];
        return stories.map((story) => story.full_slug.slice(PROJECTS_FOLDER.length).split("/"));
      } catch (reason) {
        throw toContentRequestError(reason);
      }
    },
  };
}
