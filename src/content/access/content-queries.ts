/**
 * The story queries the pages call, bound to the site's clients. Every query
 * asks for the version `contentVersion` picks (published unless in preview)
 * in the requested language, with the relations its query data names
 * resolved (story-queries.ts: the client substitutes the related stories
 * into the content, so a `card_list`'s `projects` arrive as stories, not
 * uuids) and typed by that same data.
 *
 * Published queries go through the public client (public token) and the
 * memo; drafts go through the preview client only and are never memoised,
 * so no public page is built with a token that reads drafts. A slug from an
 * address is checked and encoded (story-slug.ts) before it reaches a path.
 */
import type { ISbStoriesParams } from "storyblok-js-client";
import type { ContentClient } from "./client";
import { isNotFound, toContentRequestError } from "./content-errors";
import { contentVersion, type ContentVersion, type VersionOptions } from "./content-version";
import { noPreviewToken } from "../sources/content-source";
import { createCvMemo } from "./cv-memo";
import { freshRuns } from "./fresh-run";
import { acceptStory } from "../shaping/story-contract";
import {
  PAGE_QUERY,
  resolveParams,
  SITE_CONFIG_QUERY,
  type ShownPage,
  type ShownProject,
  type ShownSiteConfig,
  type StoryOf,
  type StoryQuery,
} from "./story-queries";
import { encodeStorySlug } from "./story-slug";
import {
  folderPrefix,
  PAGE_KINDS,
  SITE_CONFIG_SLUG,
  type FolderPageKind,
  type KindQuery,
  type PageKind,
  type SitePage,
} from "../../routes/site-routes";

/** A story a page of the site shows, of any page kind (src/routes/site-routes.ts). */
type ShownStory = StoryOf<KindQuery<PageKind>>;
/** The API's maximum page size: listing every project costs total/100 requests. */
export const LIST_PAGE_SIZE = 100;
/** The links endpoint's maximum page size. */
const LINKS_PAGE_SIZE = 1000;

export interface QueryOptions extends VersionOptions {
  /** A language code of the space (e.g. `de`); the default language when absent. */
  language?: string;
  /** A release id (preview only, as the Visual Editor's `_storyblok_release`): content as it will be in that release. */
  release?: string;
}

export interface ContentQueries {
  /** The story `page` shows, as its kind asks for it (src/routes/site-routes.ts). */
  storyOfPage(page: SitePage, options?: QueryOptions): Promise<ShownStory | null>;
  /** Every story of a page kind that passes its content type's checks (the sitemap). */
  storiesOfKind(kind: PageKind, options?: QueryOptions): Promise<ShownStory[]>;
  getPageStory(slug: string, options?: QueryOptions): Promise<ShownPage | null>;
  getProjectStory(slug: readonly string[], options?: QueryOptions): Promise<ShownProject | null>;
  listProjectSlugs(options?: QueryOptions): Promise<string[][]>;
  /** Every project that passes its content type's checks (sitemap, feeds). */
  listProjectStories(options?: QueryOptions): Promise<ShownProject[]>;
  getSiteConfig(options?: QueryOptions): Promise<ShownSiteConfig | null>;
  /** Stories by uuid, unchecked (relation targets: the story that holds them checks them). */
  getStoriesByUuids(uuids: readonly string[], options?: QueryOptions): Promise<unknown[]>;
  /** Reads the content's latest cache version, so the next queries answer with what was just published. */
  refresh(): Promise<void>;
  /** Every published story, relations left as uuids (what links stories to the pages that show them). */
  listPublishedStories(): Promise<ListedStory[]>;
  /**
   * Every published story's full slug, from `cdn/links` (1,000 a request),
   * at the latest content version, and that version: what the site's pages
   * are, without their content (src/publishing/page-gate).
   */
  listPublishedSlugs(): Promise<{ fullSlugs: string[]; cv: number | undefined }>;
}

/** A story as listed, with the fields that tell where it is shown. */
export interface ListedStory {
  id: number;
  uuid: string;
  full_slug: string;
  content: unknown;
}

/** The parameters every query sends: the version, and the language and release when asked for. */
export function requestParams(options: QueryOptions = {}): { version: ContentVersion; language?: string; from_release?: string } {
  const version = contentVersion(options);
  return {
    version,
    ...(options.language && { language: options.language }),
    // Releases hold unpublished changes: the CDN honours from_release for drafts only.
    ...(version === "draft" && options.release && { from_release: options.release }),
  };
}

/** How the queries follow and share the latest cv across instances (site-content.ts). */
export interface ContentQueriesOptions {
  /** Called before every published read: adopts the latest cv at most every TTL (cv-follower.ts). */
  followCv?: () => Promise<void>;
  /** Called with each cv a refresh learned, to share it with the other instances. */
  shareCv?: (cv: number) => Promise<void>;
}

/**
 * @param client the public client: published content only.
 * @param previewClient the preview client, for drafts; without it a draft query rejects with ContentConfigError.
 */
export function createContentQueries(
  client: ContentClient,
  previewClient?: ContentClient,
  sharing: ContentQueriesOptions = {},
): ContentQueries {
  const memo = createCvMemo(() => client.cacheVersion());
  // Webhooks that arrive together share one cv look-up and one listing, each started after they came.
  const refresh = freshRuns(async () => {
    const cv = await client.refreshCacheVersion();
    // Sharing is an aid: Redis being away must not fail the refresh (the link logs it).
    await sharing.shareCv?.(cv).catch(() => undefined);
  });
  const listPublished = freshRuns(async () => {
    await client.syncCacheVersion();
    return (await client.getAll("cdn/stories", { version: "published", per_page: LIST_PAGE_SIZE })) as ListedStory[];
  });
  const listSlugs = freshRuns(async () => {
    // The latest cv first: the client keeps published answers until a new cv, and this listing is made to learn what changed.
    await refresh();
    const links = (await client.getAll("cdn/links", { version: "published", per_page: LINKS_PAGE_SIZE })) as {
      slug?: unknown;
      is_folder?: unknown;
    }[];
    const fullSlugs = links.flatMap((link) => (link.is_folder !== true && typeof link.slug === "string" ? [link.slug] : []));
    return { fullSlugs, cv: client.cacheVersion() || undefined };
  });

  /** The client for the version `options` asks for: drafts only ever through the preview token. */
  function clientFor(options: QueryOptions | undefined): ContentClient {
    if (contentVersion(options) === "published") return client;
    if (!previewClient) throw noPreviewToken();
    return previewClient;
  }

  /** Published answers go through the memo; drafts (preview) are always fetched. */
  async function published<T>(key: string, options: QueryOptions | undefined, load: () => Promise<T>): Promise<T> {
    const params = requestParams(options);
    if (params.version !== "published") return load();
    await client.syncCacheVersion();
    await sharing.followCv?.();
    return memo(`${key}|${params.language ?? ""}`, load);
  }

  /** `slug` already checked and encoded (encodeStorySlug). */
  async function fetchStory(slug: string, query: StoryQuery, options: QueryOptions | undefined): Promise<unknown> {
    const reader = clientFor(options);
    try {
      const { data } = await reader.getStory(slug, { ...requestParams(options), ...resolveParams(query) });
      return data.story ?? null;
    } catch (reason) {
      const error = toContentRequestError(reason);
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * Verdicts per fetched story object and query. The memo hands out the same
   * object until the cache version changes, so a refused story (the site
   * story, asked for by every page) is checked and logged once, not per page;
   * the memo itself keeps no null, so a story published later is still found.
   */
  const verdicts = new WeakMap<object, Map<StoryQuery, unknown>>();
  function acceptOnce<Q extends StoryQuery>(story: unknown, query: Q): StoryOf<Q> | null {
    if (typeof story !== "object" || story === null) return null;
    const byQuery = verdicts.get(story) ?? new Map<StoryQuery, unknown>();
    verdicts.set(story, byQuery);
    if (!byQuery.has(query)) byQuery.set(query, acceptStory(story, query));
    return byQuery.get(query) as StoryOf<Q> | null;
  }

  /**
   * The story at the full slug made of `segments`, as `query` asks for it
   * and keeping its content type's contract, or null: also, without a
   * request, when the segments cannot be a Storyblok slug.
   */
  async function getStory<Q extends StoryQuery>(
    segments: readonly string[],
    query: Q,
    options: QueryOptions | undefined,
  ): Promise<StoryOf<Q> | null> {
    const slug = encodeStorySlug(segments);
    return slug === null ? null : storyAt(slug, query, options);
  }

  /** The story at `slug` (checked and encoded: encodeStorySlug), as getStory answers. */
  async function storyAt<Q extends StoryQuery>(slug: string, query: Q, options: QueryOptions | undefined): Promise<StoryOf<Q> | null> {
    const key = `story:${slug}|${query.resolve_relations.join(",")}|${query.resolve_links ?? ""}`;
    return acceptOnce(await published(key, options, () => fetchStory(slug, query, options)), query);
  }

  /** Every story of a folder's page kind, all pages (getAll reads `total` / `per-page` from the first answer and fetches the rest). */
  async function listFolder(
    kind: FolderPageKind,
    options: QueryOptions | undefined,
    params: ISbStoriesParams,
  ): Promise<{ full_slug: string }[]> {
    return (await clientFor(options).getAll("cdn/stories", {
      ...requestParams(options),
      starts_with: folderPrefix(kind),
      content_type: PAGE_KINDS[kind].query.contentType,
      per_page: LIST_PAGE_SIZE,
      ...params,
    })) as { full_slug: string }[];
  }

  /**
   * Every published story of a folder's page kind (the projects) with its
   * relations resolved, by full_slug: one listing (total/100 requests plus
   * the client's relation batches) per process instead of one request per
   * page.
   */
  function folderIndex<K extends FolderPageKind>(
    kind: K,
    options: QueryOptions | undefined,
  ): Promise<Map<string, StoryOf<KindQuery<K>> | null>> {
    const query: KindQuery<K> = PAGE_KINDS[kind].query;
    return published(`index:${kind}`, options, async () => {
      const stories = await listFolder(kind, options, resolveParams(query));
      // Read in a language, a story's full slug starts with its code (`nl/projects/x`): the index is by the page's slug.
      const prefix = options?.language ? `${options.language}/` : undefined;
      const pageSlug = (fullSlug: string) => (prefix && fullSlug.startsWith(prefix) ? fullSlug.slice(prefix.length) : fullSlug);
      return new Map(stories.map((story) => [pageSlug(story.full_slug), acceptStory(story, query)]));
    });
  }

  /** The story of a folder's page kind at `segments` (its slug in the folder), or null. */
  async function folderStory<K extends FolderPageKind>(
    kind: K,
    segments: readonly string[],
    options: QueryOptions | undefined,
  ): Promise<StoryOf<KindQuery<K>> | null> {
    // Checked before the index: listing the folder is a request, and an address that names no story must not cause one.
    // Every accepted segment encodes to itself (story-slug.ts), so the encoded slug is the full slug the index is by.
    const fullSlug = segments.length > 0 ? encodeStorySlug([PAGE_KINDS[kind].folder, ...segments]) : null;
    if (fullSlug === null) return null;
    if (contentVersion(options) === "published") {
      const index = await folderIndex(kind, options);
      // Listed but broken: already logged and refused; do not fetch it again.
      if (index.has(fullSlug)) return index.get(fullSlug) ?? null;
    }
    // Drafts, and stories published after the index was built (fallback pages).
    return storyAt(fullSlug, PAGE_KINDS[kind].query, options);
  }

  /** Every story of a folder's page kind that passes its content type's checks. */
  async function folderStories<K extends FolderPageKind>(kind: K, options: QueryOptions | undefined): Promise<StoryOf<KindQuery<K>>[]> {
    const index = await folderIndex(kind, options);
    return [...index.values()].filter((story) => story !== null);
  }

  return {
    storyOfPage(page, options) {
      if ("segments" in page) return folderStory(page.kind, page.segments, options);
      const { story, query } = PAGE_KINDS[page.kind];
      return getStory(story.split("/"), query, options);
    },
    async storiesOfKind(kind, options) {
      const declared = PAGE_KINDS[kind];
      if ("folder" in declared) return folderStories(kind as FolderPageKind, options);
      const story = await getStory(declared.story.split("/"), declared.query, options);
      return story ? [story] : [];
    },
    getPageStory: (fullSlug, options) => getStory(fullSlug.split("/"), PAGE_QUERY, options),
    getSiteConfig: (options) => getStory([SITE_CONFIG_SLUG], SITE_CONFIG_QUERY, options),
    getProjectStory: (segments, options) => folderStory("project", segments, options),

    async getStoriesByUuids(uuids, options) {
      if (uuids.length === 0) return [];
      return clientFor(options).getAll("cdn/stories", { ...requestParams(options), by_uuids: uuids.join(","), per_page: LIST_PAGE_SIZE });
    },

    listProjectStories: (options) => folderStories("project", options),

    refresh,
    listPublishedStories: listPublished,
    listPublishedSlugs: listSlugs,

    listProjectSlugs(options) {
      return published("slugs:project", options, async () => {
        // Only slugs are needed: leave the heavy fields at the CDN.
        const stories = await listFolder("project", options, { excluding_fields: PAGE_KINDS.project.heavyFields });
        return stories.map((story) => story.full_slug.slice(folderPrefix("project").length).split("/"));
      });
    },
  };
}
