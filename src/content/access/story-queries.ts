/**
 * What each story query asks the content API to resolve, stated once, as
 * data: the request sends these values (content-queries.ts), the data
 * boundary drops what they could not resolve (story-contract.ts), and the
 * story's type is computed from the same values (the generated
 * `ResolvedStory`), so the request and the type cannot disagree.
 *
 * No query sends `resolve_links`: a story link's `cached_url` is where the
 * site sends it (shaping/links.ts), so story links carry no `story`.
 */
import type { ContentTypeBlok, LinkResolution, NestableBlok, RESOLVE_RELATIONS, ResolvedBlok, ResolvedStory } from "../../generated";

/**
 * A relation a query may resolve: one of schema/relations.json, the fields
 * whose validators accept a story as well as a uuid (the data boundary
 * checks stories against them).
 */
export type ResolvableRelation = (typeof RESOLVE_RELATIONS)[number];

export interface StoryQuery {
  /** The content type the story must have. */
  readonly contentType: ContentTypeBlok["component"];
  /** Sent as `resolve_relations`. */
  readonly resolve_relations: readonly ResolvableRelation[];
  /** Sent as `resolve_links`; left out, none are resolved. */
  readonly resolve_links?: LinkResolution;
}

/** The story a query answers, as the data boundary hands it on: every relation it named a story, never a uuid. */
export type StoryOf<Q extends StoryQuery> = ResolvedStory<Q["contentType"], Q["resolve_relations"], LinksOf<Q>>;

type LinksOf<Q extends StoryQuery> = Q extends { resolve_links: infer L extends LinkResolution } ? L : never;

/**
 * Every relation a page shows, each as cards: a card list's projects, a
 * single card's project, a project's related work. The home page and the
 * projects resolve the same ones: a project in a card holds its own
 * relations, so one list gives each block one type wherever it is rendered,
 * as the one renderer per block (blocks/registry.ts) needs.
 */
export const PAGE_RELATIONS = [
  "card_list.projects",
  "project.related",
  "single_card.project",
] as const satisfies readonly ResolvableRelation[];

export const PAGE_QUERY = { contentType: "page", resolve_relations: PAGE_RELATIONS } as const satisfies StoryQuery;

export const PROJECT_QUERY = { contentType: "project", resolve_relations: PAGE_RELATIONS } as const satisfies StoryQuery;

/** The header and footer hold no relations. */
export const SITE_CONFIG_QUERY = { contentType: "site_config", resolve_relations: [] } as const satisfies StoryQuery;

export type ShownPage = StoryOf<typeof PAGE_QUERY>;
export type ShownProject = StoryOf<typeof PROJECT_QUERY>;
export type ShownSiteConfig = StoryOf<typeof SITE_CONFIG_QUERY>;
/** A project as a relation holds it (in a card list, a single card, a project's related work): all three the same type. */
export type RelatedProject = NonNullable<ShownProject["content"]["related"]>[number];

/** A nestable block as the pages' queries deliver it: what a renderer gets. */
export type ShownBlok<K extends NestableBlok["component"] = NestableBlok["component"]> = ResolvedBlok<K, typeof PAGE_RELATIONS>;

/** The `resolve_relations` and `resolve_links` a query sends, as storyblok-js-client takes them; nothing when it resolves nothing. */
export function resolveParams(query: StoryQuery): { resolve_relations?: string[]; resolve_links?: LinkResolution } {
  return {
    // An empty list would still make the client ask for resolve_level=2.
    ...(query.resolve_relations.length > 0 && { resolve_relations: [...query.resolve_relations] }),
    ...(query.resolve_links && { resolve_links: query.resolve_links }),
  };
}
