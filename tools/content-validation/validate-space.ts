/**
 * `portfolio content validate --source storyblok`: every story of a space,
 * read through the Content Delivery API with the site's content client, as
 * a list of "full_slug: problem" findings from validateStory (the same rules
 * as for a content directory). Relations are not resolved: what is checked
 * is what the space stores. API failures reject with ContentRequestError.
 */
import type { ContentClient } from "../../src/content/access/client";
import { LIST_PAGE_SIZE } from "../../src/content/access/content-queries";
import type { CdnStory } from "../../src/content/sources/local-cdn/story-types";
import { validateStory } from "./validate-content";

export interface SpaceReport {
  storyCount: number;
  problems: { fullSlug: string; problem: string }[];
}

export interface SpaceOptions {
  /** `draft` sees every story (needs a preview token); `published` what visitors see. */
  version: "draft" | "published";
  relationFields?: readonly string[];
}

export async function validateSpace(client: ContentClient, options: SpaceOptions): Promise<SpaceReport> {
  // getAll pages through the listing: it reads `total` from the first answer and asks for the remaining pages.
  // No resolve_relations / resolve_links: relation fields must stay uuids to be checked as stored.
  const stories = (await client.getAll("cdn/stories", { version: options.version, per_page: LIST_PAGE_SIZE })) as CdnStory[];
  // A relation to a story missing from this version (e.g. unpublished, when validating `published`) is a problem.
  const uuids = new Set(stories.map((story) => story.uuid));
  const problems = stories.flatMap((story) =>
    validateStory(story, { hasStory: (uuid) => uuids.has(uuid), relationFields: options.relationFields }).map((problem) => ({
      fullSlug: story.full_slug,
      problem,
    })),
  );
  return { storyCount: stories.length, problems };
}
