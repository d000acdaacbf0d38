/**
 * How a story arriving live (the editor's `input` events, saved files in
 * `next dev`) is checked and shaped: as the page's getStaticProps does, with
 * the generated validators. Only the live editor imports this, so visitors'
 * pages never download the validators.
 */
import { acceptStory } from "../content/shaping/story-contract";
import type { PageStory, ProjectStory } from "../generated";
import { projectWithCardRelations, withCardRelations } from "../content/shaping/card-stories";

/** The story each content type's page shows. */
export interface LiveStories {
  page: PageStory;
  project: ProjectStory;
}

export type LiveContentType = keyof LiveStories;

/** Per content type: the story to show, or null to keep what the page shows. */
export const LIVE_ACCEPT: { [K in LiveContentType]: (story: unknown) => LiveStories[K] | null } = {
  page: (story) => {
    const page = acceptStory(story, "page");
    return page && withCardRelations(page);
  },
  project: (story) => {
    const project = acceptStory(story, "project");
    return project && projectWithCardRelations(project);
  },
};
