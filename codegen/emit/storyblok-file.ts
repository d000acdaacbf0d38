import type { GeneratedFile } from "../model.js";

// Shapes follow what the Content Delivery API v2 returns. Fields Storyblok
// leaves out of older content, or sends as null when empty, are typed so.
const BODY = `
/** An asset field's value. Empty asset fields arrive with \`filename: ""\` and \`id: null\`. */
export type StoryblokAsset = {
  fieldtype: "asset";
  id: number | null;
  filename: string;
  name?: string;
  alt?: string | null;
  title?: string | null;
  copyright?: string | null;
  focus?: string | null;
  source?: string | null;
  is_external_url?: boolean;
  is_private?: boolean;
  meta_data?: Record<string, string>;
};

export type LinkType = "story" | "url" | "email" | "asset";

type LinkCommon = {
  fieldtype: "multilink";
  id?: string | number;
  url?: string;
  cached_url?: string;
  anchor?: string;
  target?: "_blank" | "_self";
  rel?: string;
  title?: string;
};

/** A link to a story. \`story\` is present when the request used \`resolve_links\`. */
export type StoryblokStoryLink = LinkCommon & {
  linktype: "story";
  id?: string;
  cached_url: string;
  story?: StoryblokLinkedStory;
};

export type StoryblokUrlLink = LinkCommon & { linktype: "url"; url: string };

export type StoryblokEmailLink = LinkCommon & { linktype: "email"; email?: string };

export type StoryblokAssetLink = LinkCommon & { linktype: "asset"; url: string };

export type StoryblokLink = StoryblokStoryLink | StoryblokUrlLink | StoryblokEmailLink | StoryblokAssetLink;

/** A multilink field's value, discriminated on \`linktype\`; T lists the link types the field allows. */
export type StoryblokMultilink<T extends LinkType> = Extract<StoryblokLink, { linktype: T }>;

/** What \`resolve_links\` puts on a story link: the story without its content when \`resolve_links=link\`. */
type StoryblokLinkedStory = {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  url?: string;
  content?: unknown;
};

export type StoryblokTableCell = { _uid: string; component: "_table_col" | "_table_head"; value: string };

export type StoryblokTableRow = { _uid: string; component: "_table_row"; body: StoryblokTableCell[] };

export type StoryblokTable = {
  fieldtype: "table";
  thead: StoryblokTableCell[];
  tbody: StoryblokTableRow[];
};

/** A story as the Content Delivery API returns it; C is its content type. */
export type StoryblokStory<C> = {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: C;
  created_at?: string;
  updated_at?: string;
  published_at?: string | null;
  first_published_at?: string | null;
  sort_by_date?: string | null;
  position?: number;
  tag_list?: string[];
  is_startpage?: boolean;
  parent_id?: number | null;
  meta_data?: unknown;
  group_id?: string;
  release_id?: number | null;
  lang?: string;
  path?: string | null;
  alternates?: { id: number; name: string; slug: string; full_slug: string; is_folder: boolean; parent_id: number | null }[];
  default_full_slug?: string | null;
  translated_slugs?: { path: string; name: string | null; lang: string }[] | null;
};
`;

export function storyblokFile(header: string): GeneratedFile {
  return { path: "storyblok.ts", contents: header + BODY };
}
