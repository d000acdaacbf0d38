/**
 * How a story arriving live (the editor's `input` events, saved files in
 * `next dev`) is checked and shaped: as the page's getStaticProps does, with
 * the same query (so the same relations, dropped when unresolved) and the
 * generated validators. Only the live editor imports this, so visitors'
 * pages never download the validators.
 */
import type { RelationName } from "../generated";
import { acceptStory } from "../content/shaping/story-contract";
import { PAGE_QUERY, PROJECT_QUERY, type ShownPage, type ShownProject } from "../content/access/story-queries";
import { projectWithCardRelations, withCardRelations } from "../content/shaping/card-stories";

/** The story each content type's page shows. */
export interface LiveStories {
  page: ShownPage;
  project: ShownProject;
}

export type LiveContentType = keyof LiveStories;

/** One page's way with a live story: the relations its query resolves, and its checks and shaping. */
export interface LiveAccept<S> {
  relations: readonly RelationName[];
  /** The story to show, or null to keep what the page shows. */
  accept(story: unknown): S | null;
}

export const LIVE_ACCEPT: { [K in LiveContentType]: LiveAccept<LiveStories[K]> } = {
  page: {
    relations: PAGE_QUERY.resolve_relations,
    accept: (story) => {
      const page = acceptStory(story, PAGE_QUERY);
      return page && withCardRelations(page);
    },
  },
  project: {
    relations: PROJECT_QUERY.resolve_relations,
    accept: (story) => {
      const project = acceptStory(story, PROJECT_QUERY);
      return project && projectWithCardRelations(project);
    },
  },
};
