/**
 * The site's page kinds, declared once: which stories each shows, where its
 * pages are, the rule its addresses follow and the layout it renders with.
 * Whatever needs a route reads it here: the page gate (at the server's door
 * and in the proxy, whose matcher names no page route), the sitemap, the editor's route and
 * its rewrites, live editing, the pages a publish regenerates and the pages'
 * own data loaders.
 *
 * Languages are no route of their own: Next.js's i18n puts `/nl` before any
 * of these paths (src/i18n/locale-paths.ts), and every kind has a page in
 * every language.
 *
 * Read by the proxy and next.config.ts, so it imports nothing beyond the slug
 * rule (story-slug.ts) and the queries' declarations (story-queries.ts, data
 * and types only).
 */
import { isStorySlug } from "../content/access/story-slug";
import { PAGE_QUERY, PROJECT_QUERY, type StoryQuery } from "../content/access/story-queries";

/** The story the home page shows; Storyblok's links name it by this slug. */
export const HOME_SLUG = "home";
/** The site settings (header, footer): on every page, a page of its own nowhere. */
export const SITE_CONFIG_SLUG = "site";

/** The layouts a page kind renders with (src/layouts). */
type Layout = "default" | "project";

/** One story at a fixed path (`/` for the home story). */
interface SingleStoryKind {
  layout: Layout;
  /** How the story is asked for: its content type and the relations it resolves. */
  query: StoryQuery;
  story: string;
  path: string;
}

/**
 * Every story in a folder, at `/<folder>/<its slug in the folder>` (the slug
 * may nest). Its pages are made on request when published after the build
 * (`fallback: "blocking"`), so the page gate answers for them.
 */
interface FolderKind {
  layout: Layout;
  /** How each story is asked for: its content type and the relations it resolves. */
  query: StoryQuery;
  folder: string;
  /** The content's heavy fields, left at the CDN when only the stories' slugs are listed (`excluding_fields`). */
  heavyFields: string;
}

export const PAGE_KINDS = {
  home: { layout: "default", query: PAGE_QUERY, story: HOME_SLUG, path: "/" },
  project: { layout: "project", query: PROJECT_QUERY, folder: "projects", heavyFields: "description,body,facts,related" },
} as const satisfies Record<string, SingleStoryKind | FolderKind>;

export type PageKind = keyof typeof PAGE_KINDS;
type KindsWhere<Shape> = { [K in PageKind]: (typeof PAGE_KINDS)[K] extends Shape ? K : never }[PageKind];
export type FolderPageKind = KindsWhere<FolderKind>;
type SinglePageKind = KindsWhere<SingleStoryKind>;

/** A page of the site; a folder's page with the story's slug in the folder as path segments (checked: folderPage). */
export type SitePage = { [K in PageKind]: K extends FolderPageKind ? { kind: K; segments: readonly string[] } : { kind: K } }[PageKind];
/** The query a page kind's stories are asked for with. */
export type KindQuery<K extends PageKind> = (typeof PAGE_KINDS)[K]["query"];
/** A page of one kind, e.g. `PageOf<"project">`. */
export type PageOf<K extends PageKind> = Extract<SitePage, { kind: K }>;

const KIND_NAMES = Object.keys(PAGE_KINDS) as PageKind[];
const FOLDER_KINDS = KIND_NAMES.filter((kind): kind is FolderPageKind => "folder" in PAGE_KINDS[kind]);
const SINGLE_KINDS = KIND_NAMES.filter((kind): kind is SinglePageKind => "story" in PAGE_KINDS[kind]);

/** `projects/`: what a folder kind's stories' full slugs start with (the API's `starts_with`). */
export function folderPrefix(kind: FolderPageKind): string {
  return `${PAGE_KINDS[kind].folder}/`;
}

/**
 * A folder's page for `segments` (its story's slug in the folder), when they
 * can name one: at least one, and the full slug a Storyblok slug
 * (story-slug.ts). The one check an address gets before anything reads
 * content for it.
 */
export function folderPage<K extends FolderPageKind>(kind: K, segments: readonly string[]): PageOf<K> | undefined {
  return segments.length > 0 && isStorySlug([PAGE_KINDS[kind].folder, ...segments]) ? ({ kind, segments } as PageOf<K>) : undefined;
}

/** The page's path as the default locale has it (`/`, `/projects/2024/atlas`). */
export function pagePath(page: SitePage): string {
  return "segments" in page ? `/${PAGE_KINDS[page.kind].folder}/${page.segments.join("/")}` : PAGE_KINDS[page.kind].path;
}

/**
 * The page at a path given as its segments (split at `/`, each decoded, as
 * Next.js hands a catch-all route its params; none for `/`), or undefined
 * when no page kind has that address or its slug cannot be a story's.
 */
export function pageAt(segments: readonly string[]): SitePage | undefined {
  const path = `/${segments.join("/")}`;
  const single = SINGLE_KINDS.find((kind) => PAGE_KINDS[kind].path === path);
  if (single) return { kind: single };
  const [first, ...rest] = segments;
  const folder = FOLDER_KINDS.find((kind) => PAGE_KINDS[kind].folder === first);
  return folder ? folderPage(folder, rest) : undefined;
}

/**
 * The page a story with `fullSlug` has, or undefined for stories without one
 * (the site settings, a folder's start page). A full slug comes from the
 * content, not an address: it is taken as the API gave it.
 */
export function pageOfStory(fullSlug: string): SitePage | undefined {
  const single = SINGLE_KINDS.find((kind) => PAGE_KINDS[kind].story === fullSlug);
  if (single) return { kind: single };
  for (const kind of FOLDER_KINDS) {
    const prefix = folderPrefix(kind);
    const rest = fullSlug.startsWith(prefix) ? fullSlug.slice(prefix.length).replace(/\/$/, "") : "";
    if (rest) return { kind, segments: rest.split("/") };
  }
  return undefined;
}

/** The path of a story's own page, or undefined for stories without one. */
export function storyPagePath(fullSlug: string): string | undefined {
  const page = pageOfStory(fullSlug);
  return page && pagePath(page);
}

/** The path prefixes (`/projects/`) of the pages made on request: the ones the page gate answers for. */
export const ON_REQUEST_PREFIXES: readonly string[] = FOLDER_KINDS.map((kind) => `/${folderPrefix(kind)}`);

/** Every page made on request as a Next.js path pattern (`/projects/:path+`): what the editor's rewrites take there. */
const ON_REQUEST_ROUTES: readonly string[] = FOLDER_KINDS.map((kind) => `/${PAGE_KINDS[kind].folder}/:path+`);

/** The editor's page (src/pages/editor/[[...slug]].tsx): `/editor/projects/x` shows `/projects/x`. */
export const EDITOR_ROUTE = "/editor";

/** Every page route as a Next.js path pattern, and the editor's route showing it: what next.config rewrites there. */
export function editorRoutes(): { source: string; destination: string }[] {
  return [
    // `/` is the editor's route itself, not `/editor/`.
    ...SINGLE_KINDS.map((kind) => PAGE_KINDS[kind].path).map((path) => ({
      source: path,
      destination: `${EDITOR_ROUTE}${path.replace(/^\/$/, "")}`,
    })),
    ...ON_REQUEST_ROUTES.map((route) => ({ source: route, destination: `${EDITOR_ROUTE}${route}` })),
  ];
}
