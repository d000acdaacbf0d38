/**
 * Filtering, sorting and paging for `GET /cdn/stories`, following the
 * Content Delivery API v2 parameters. Pure functions over already-versioned
 * stories, so they are easy to test case by case.
 */
import { matchesFilterQuery, parseFilterQuery } from "./filter-query";
import type { CdnStory, Json, JsonObject } from "./story-types";

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** Storyblok slug patterns: `*` matches any run of characters, e.g. `projects/*`. */
export function slugPattern(patterns: string): (slug: string) => boolean {
  const regexes = patterns
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => new RegExp(`^${p.split("*").map(escapeRegExp).join(".*")}$`));
  return (slug) => regexes.some((r) => r.test(slug));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function csv(value: string): string[] {
  return value.split(",").map((v) => v.trim()).filter(Boolean);
}

function isTrue(value: string): boolean {
  return value === "1" || value === "true";
}

/** Applies every filter parameter present in `params`. */
export function filterStories(stories: CdnStory[], params: URLSearchParams): CdnStory[] {
  let result = stories;
  const startsWith = params.get("starts_with");
  if (startsWith) result = result.filter((s) => s.full_slug.startsWith(startsWith.replace(/^\//, "")));

  const bySlugs = params.get("by_slugs");
  if (bySlugs) result = result.filter((s) => slugPattern(bySlugs)(s.full_slug));

  const excludingSlugs = params.get("excluding_slugs");
  if (excludingSlugs) result = result.filter((s) => !slugPattern(excludingSlugs)(s.full_slug));

  const contentType = params.get("content_type");
  if (contentType) result = result.filter((s) => s.content.component === contentType);

  const isStartpage = params.get("is_startpage");
  if (isStartpage !== null && isStartpage !== "") {
    result = result.filter((s) => s.is_startpage === isTrue(isStartpage));
  }

  const filterQuery = parseFilterQuery(params);
  if (filterQuery) result = result.filter((s) => matchesFilterQuery(s, filterQuery));

  const byUuids = params.get("by_uuids_ordered") ?? params.get("by_uuids");
  if (byUuids) {
    const wanted = csv(byUuids);
    result = result.filter((s) => wanted.includes(s.uuid));
    // by_uuids_ordered returns stories in the order the uuids were given.
    if (params.has("by_uuids_ordered")) result = [...result].sort((a, b) => wanted.indexOf(a.uuid) - wanted.indexOf(b.uuid));
  }
  return result;
}

/**
 * `sort_by=field:asc|desc[:int|float]`; `field` may be a story attribute
 * (`created_at`, `name`, `position`) or `content.<field>`. Without it the API
 * orders by `position` ascending, then newest id first (as recorded).
 */
export function sortStories(stories: CdnStory[], sortBy: string | null, keepOrder: boolean): CdnStory[] {
  if (!sortBy) {
    return keepOrder ? stories : [...stories].sort((a, b) => a.position - b.position || b.id - a.id);
  }
  const [path = "", direction = "asc", type] = sortBy.split(":");
  const sign = direction === "desc" ? -1 : 1;
  const numeric = type === "int" || type === "float";
  const valueOf = (story: CdnStory): Json | undefined =>
    path.startsWith("content.") ? story.content[path.slice("content.".length)] : story[path];
  return [...stories].sort((a, b) => sign * compare(valueOf(a), valueOf(b), numeric) || b.id - a.id);
}

function compare(a: Json | undefined, b: Json | undefined, numeric: boolean): number {
  // Missing values sort last whatever the direction asks for; that is rarely wanted anyway.
  if (a === undefined || a === null || a === "") return b === undefined || b === null || b === "" ? 0 : 1;
  if (b === undefined || b === null || b === "") return -1;
  if (numeric || (typeof a === "number" && typeof b === "number")) return Number(a) - Number(b);
  return String(a).localeCompare(String(b), "en-us", { numeric: true });
}

export interface Page {
  perPage: number;
  page: number;
}

/** `per_page` and `page`; `maxPerPage` is the endpoint's own ceiling (100 for stories, 1,000 for links). */
export function pageOf(params: URLSearchParams, maxPerPage = MAX_PER_PAGE): Page {
  const perPage = Number.parseInt(params.get("per_page") ?? "", 10);
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    perPage: Number.isFinite(perPage) && perPage > 0 ? Math.min(perPage, maxPerPage) : DEFAULT_PER_PAGE,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** A page past the end is an empty list, not an error. */
export function paginate<T>(items: T[], { perPage, page }: Page): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

/**
 * `excluding_fields`: content fields left out of the response, e.g. to skip
 * long bodies in lists. They go from every blok, nested ones (and bloks
 * embedded in rich text) included, not only the content type's own fields;
 * `component` and `_uid` always stay.
 */
export function excludeFields(story: CdnStory, fields: string | null): CdnStory {
  if (!fields) return story;
  const excluded = new Set(csv(fields).filter((f) => f !== "component" && f !== "_uid"));
  const strip = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(strip);
    if (typeof node !== "object" || node === null) return node;
    const isBlok = typeof node.component === "string" && typeof node._uid === "string";
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (!(isBlok && excluded.has(key))) copy[key] = strip(value);
    }
    return copy;
  };
  return { ...story, content: strip(story.content) as CdnStory["content"] };
}
