/**
 * `GET /v2/cdn/links` and `GET /v2/cdn/links/{uuid}`: every story of the requested
 * version and every folder as a link (its id, uuid, full slug, name and place), the map
 * keyed by uuid that Storyblok answers, ordered by full slug and paged as it pages
 * (`per_page` up to 1,000, 25 by default, with `total` and `per-page` headers). One
 * request names up to 1,000 pages: what the site lists to know its pages without a
 * request per path (issue 36).
 *
 * Parameters, as Storyblok documents them: `starts_with` (full slug prefix), `version`
 * (drafts list never-published stories too, `published: false`), `with_parent` (the
 * links directly in one folder, 0 for the top level), `include_dates=1` (`published_at`,
 * `created_at`, `updated_at`), `page` and `per_page`, and `paginated`, the switch spaces
 * made before May 2023 need to be paged at all: a local space is paged either way.
 *
 * Folders are listed whatever the version, as Storyblok lists them: those the space
 * records (space/folders.json) and those its stories name as their `parent_id`.
 */
import { BadQuery, pageOf, paginate } from "./list-query";
import { badRequest, cacheControlFor, jsonResponse, notFound } from "./responses";
import { folderPathOf, folderUuid, type CdnFolder } from "./space-documents";
import type { StoreSnapshot } from "./story-store";
import type { RequestContext } from "./stories-endpoint";
import type { CdnStory, Json } from "./story-types";

const MAX_LINKS_PER_PAGE = 1000;

type Link = Record<string, Json>;

interface Entry {
  fullSlug: string;
  uuid: string;
  parentId: number;
  link: (includeDates: boolean) => Link;
}

const byFullSlug = new Intl.Collator("en-us").compare;

/** A parent id as links write it: the top level is null. */
const parentOf = (id: unknown): number | null => (typeof id === "number" && id > 0 ? id : null);

/** The link of one story, as the links endpoint and `resolve_links=link` describe it. */
function storyLink(story: CdnStory, published: boolean, includeDates: boolean): Link {
  const path = typeof story.path === "string" && story.path !== "" ? story.path : null;
  const updated = story.updated_at ?? story.published_at ?? story.created_at;
  return {
    id: story.id,
    uuid: story.uuid,
    slug: story.full_slug,
    path,
    parent_id: parentOf(story.parent_id),
    name: story.name,
    is_folder: false,
    published,
    is_startpage: story.is_startpage,
    position: story.position,
    real_path: `/${(path ?? story.full_slug).replace(/^\//, "")}`,
    ...(includeDates && {
      published_at: story.published_at,
      ...(typeof story.created_at === "string" && { created_at: story.created_at }),
      ...(typeof updated === "string" && { updated_at: updated }),
    }),
  };
}

function folderLink(folder: CdnFolder, includeDates: boolean): Link {
  return {
    id: folder.id,
    uuid: folder.uuid,
    slug: folder.full_slug,
    path: null,
    parent_id: parentOf(folder.parent_id),
    name: folder.name,
    is_folder: true,
    published: false,
    is_startpage: false,
    position: folder.position,
    real_path: `/${folder.full_slug}`,
    ...(includeDates && {
      published_at: folder.published_at,
      ...(folder.created_at !== null && { created_at: folder.created_at }),
      ...((folder.updated_at ?? folder.created_at) !== null && { updated_at: (folder.updated_at ?? folder.created_at)! }),
    }),
  };
}

/**
 * The folders of the space: those space/folders.json records, and those its stories
 * name by `parent_id` that no file describes (embedded content's), with the uuid the
 * Management API gives them too. Memoised per snapshot.
 */
const foldersOfSnapshot = new WeakMap<StoreSnapshot, CdnFolder[]>();
function folders(snapshot: StoreSnapshot): CdnFolder[] {
  const known = foldersOfSnapshot.get(snapshot);
  if (known) return known;
  const recorded = [...snapshot.space.folders.values()];
  const byPath = new Map(recorded.map((f) => [f.full_slug, f]));
  const ids = new Set(recorded.map((f) => f.id));
  const implied = new Map<string, number>();
  for (const stored of snapshot.index.stories) {
    const id = stored.draft.parent_id;
    const path = folderPathOf(stored.draft.full_slug);
    if (typeof id !== "number" || id <= 0 || ids.has(id) || !path || byPath.has(path) || implied.has(path)) continue;
    implied.set(path, id);
    ids.add(id);
  }
  const all = [...recorded];
  // Parents first, so a folder finds the id of the folder it is in.
  for (const [path, id] of [...implied].sort((a, b) => a[0].split("/").length - b[0].split("/").length)) {
    const slug = path.split("/").pop()!;
    const folder: CdnFolder = {
      id,
      uuid: folderUuid(id),
      name: slug,
      slug,
      full_slug: path,
      parent_id: byPath.get(folderPathOf(path))?.id ?? 0,
      position: 0,
      created_at: null,
      updated_at: null,
      published_at: null,
    };
    byPath.set(path, folder);
    all.push(folder);
  }
  foldersOfSnapshot.set(snapshot, all);
  return all;
}

/** Each snapshot's links of each version, by full slug, built and sorted once: a request then filters and pages them. */
const entriesOfSnapshot = new WeakMap<StoreSnapshot, Partial<Record<RequestContext["version"], Entry[]>>>();
function entries(ctx: RequestContext): Entry[] {
  const versions = entriesOfSnapshot.get(ctx.snapshot) ?? {};
  entriesOfSnapshot.set(ctx.snapshot, versions);
  const list = versions[ctx.version] ?? buildEntries(ctx).sort((a, b) => byFullSlug(a.fullSlug, b.fullSlug));
  versions[ctx.version] = list;
  return list;
}

function buildEntries(ctx: RequestContext): Entry[] {
  const list: Entry[] = [];
  for (const stored of ctx.snapshot.index.stories) {
    const story = ctx.version === "draft" ? stored.draft : stored.published;
    if (!story) continue;
    const published = stored.published !== null;
    list.push({
      fullSlug: story.full_slug,
      uuid: story.uuid,
      parentId: parentOf(story.parent_id) ?? 0,
      link: (dates) => storyLink(story, published, dates),
    });
  }
  for (const folder of folders(ctx.snapshot)) {
    list.push({ fullSlug: folder.full_slug, uuid: folder.uuid, parentId: folder.parent_id, link: (dates) => folderLink(folder, dates) });
  }
  return list;
}

function includeDatesOf(params: URLSearchParams): boolean {
  const value = params.get("include_dates");
  if (value === null || value === "" || value === "0") return false;
  if (value === "1") return true;
  throw new BadQuery(`include_dates must be 1 or 0, got "${value}"`);
}

export function listLinks(ctx: RequestContext): Response {
  try {
    const { params } = ctx;
    const includeDates = includeDatesOf(params);
    const paginated = params.get("paginated");
    if (paginated !== null && paginated !== "" && paginated !== "0" && paginated !== "1")
      throw new BadQuery(`paginated must be 1 or 0, got "${paginated}"`);
    const startsWith = params.get("starts_with")?.replace(/^\//, "");
    const withParent = params.get("with_parent");
    if (withParent !== null && withParent !== "" && !/^\d+$/.test(withParent))
      throw new BadQuery(`with_parent must be a folder id (0 for the top level), got "${withParent}"`);
    const parent = withParent === null || withParent === "" ? undefined : Number(withParent);
    const all = entries(ctx);
    const matching =
      startsWith || parent !== undefined
        ? all.filter(
            (entry) => (!startsWith || entry.fullSlug.startsWith(startsWith)) && (parent === undefined || entry.parentId === parent),
          )
        : all;
    const page = pageOf(params, MAX_LINKS_PER_PAGE);
    const links: Record<string, Link> = {};
    for (const entry of paginate(matching, page)) links[entry.uuid] = entry.link(includeDates);
    return jsonResponse(200, { links, cv: ctx.snapshot.cv }, cacheControlFor(ctx.version), {
      total: String(matching.length),
      "per-page": String(page.perPage),
    });
  } catch (error) {
    if (error instanceof BadQuery) return badRequest(error.message);
    throw error;
  }
}

/** `GET /v2/cdn/links/{uuid}`: one link, `include_dates` as for the list. */
export function getLink(uuid: string, ctx: RequestContext): Response {
  try {
    const includeDates = includeDatesOf(ctx.params);
    const entry = entries(ctx).find((candidate) => candidate.uuid === uuid);
    if (!entry) return notFound();
    return jsonResponse(200, { link: entry.link(includeDates), cv: ctx.snapshot.cv }, cacheControlFor(ctx.version));
  } catch (error) {
    if (error instanceof BadQuery) return badRequest(error.message);
    throw error;
  }
}
