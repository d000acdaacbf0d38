import type { GeneratedFile } from "../model.js";

// Shapes follow what the Content Delivery API v2 returns: its OpenAPI
// description and recorded answers (a story, an asset and a link carry every
// key below that is not optional, null or "" when empty). Keys Storyblok
// added later, and so leaves out of older content, are optional. Each shape is
// assignable to the type the SDK gives that kind (storyblok-js-client's
// ISbStoryData, @storyblok/js's SbBlokData); tests/unit/codegen/sdk-interop.test.ts proves it.
const BODY = `
/**
 * An asset field's value. Every key but the last four is always sent; an empty
 * asset field has \`id: null\`, \`filename: ""\`, \`name: ""\` and nulls.
 */
export type StoryblokAsset = {
  fieldtype: "asset";
  id: number | null;
  filename: string;
  name: string;
  alt: string | null;
  title: string | null;
  copyright: string | null;
  focus: string | null;
  source?: string | null;
  is_external_url?: boolean;
  is_private?: boolean;
  meta_data?: Record<string, string>;
};

export type LinkType = "story" | "url" | "email" | "asset";

/** What every link carries: \`id\` (a story link's uuid, else ""), \`url\` and \`cached_url\` are always sent, "" when unused. */
type LinkCommon = {
  fieldtype: "multilink";
  id: string;
  url: string;
  cached_url: string;
  anchor?: string;
  target?: "_blank" | "_self";
  rel?: string;
  title?: string;
};

/** A link to a story as stored: the story's uuid (\`id\`) and its full slug when the link was saved (\`cached_url\`). */
export type StoryblokStoryLink = LinkCommon & { linktype: "story" };

/**
 * A story link in the answer to a request with \`resolve_links\`: \`story\` is
 * what that value puts there (\`ResolvedStory\` in relations.ts picks S). It is
 * absent when the story could not be resolved (unpublished, deleted) and on
 * an empty link field.
 */
export type StoryblokResolvedStoryLink<S> = LinkCommon & { linktype: "story"; story?: S };

export type StoryblokUrlLink = LinkCommon & { linktype: "url" };

export type StoryblokEmailLink = LinkCommon & { linktype: "email"; email?: string };

export type StoryblokAssetLink = LinkCommon & { linktype: "asset" };

export type StoryblokLink = StoryblokStoryLink | StoryblokUrlLink | StoryblokEmailLink | StoryblokAssetLink;

/**
 * A multilink field's value, discriminated on \`linktype\`; T lists the link types the field allows.
 * S is what the project's requests put on a story link with \`resolve_links\` (none: links are not resolved).
 */
export type StoryblokMultilink<T extends LinkType, S = never> = Extract<
  [S] extends [never] ? StoryblokLink : StoryblokResolvedStoryLink<S> | StoryblokUrlLink | StoryblokEmailLink | StoryblokAssetLink,
  { linktype: T }
>;

/**
 * What \`resolve_links=url\` puts on a story link. Past 50 links Storyblok
 * sends only their uuids (\`link_uuids\`) and storyblok-js-client fetches
 * whole stories for them, so \`url\` may be missing.
 */
export type StoryblokLinkedUrl = {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  url?: string;
};

/**
 * What \`resolve_links=link\` puts on a story link: the story as the Links API
 * describes it, or (past 50 links, as above) the whole story, whose \`slug\`
 * is its own and not the full slug. Only the fields both have are certain.
 */
export type StoryblokLinkedLink = {
  id: number;
  uuid: string;
  name: string;
  /** The full slug in a Links API entry; a whole story's own slug. */
  slug: string;
  path?: string | null;
  parent_id?: number | null;
  is_startpage?: boolean;
  position?: number;
  /** Links API entries only. */
  real_path?: string;
  published?: boolean;
  is_folder?: boolean;
};

export type StoryblokTableCell = { _uid: string; component: "_table_col" | "_table_head"; value: string };

export type StoryblokTableRow = { _uid: string; component: "_table_row"; body: StoryblokTableCell[] };

export type StoryblokTable = {
  fieldtype: "table";
  thead: StoryblokTableCell[];
  tbody: StoryblokTableRow[];
};

/**
 * A story as the Content Delivery API returns it; C is its content type.
 * \`path\` (the real path) is null unless an editor set one, though
 * storyblok-js-client's ISbStoryData says \`path?: string\`.
 */
export type StoryblokStory<C> = {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: C;
  created_at: string;
  updated_at?: string;
  published_at: string | null;
  first_published_at: string | null;
  sort_by_date: string | null;
  position: number;
  tag_list: string[];
  is_startpage: boolean;
  parent_id: number | null;
  meta_data: unknown;
  group_id: string;
  release_id: number | null;
  lang: string;
  path: string | null;
  alternates: { id: number; name: string; slug: string; published: boolean; full_slug: string; is_folder: boolean; parent_id: number }[];
  default_full_slug: string | null;
  translated_slugs?: { path: string; name: string | null; lang: string; published: boolean }[] | null;
};

/**
 * The story for code typed with the SDKs' \`ISbStoryData\` (storyblok-js-client,
 * @storyblok/js, @storyblok/react), whose \`path?: string\` has no null: a null
 * \`path\` is left out, a real one kept, and every other key is the story's own.
 */
export function storyForSdk<S extends { path: string | null }>(story: S): Omit<S, "path"> & { path?: string } {
  const { path, ...rest } = story;
  return path === null ? rest : { ...rest, path };
}
`;

export function storyblokFile(header: string): GeneratedFile {
  return { path: "storyblok.ts", contents: header + BODY };
}
