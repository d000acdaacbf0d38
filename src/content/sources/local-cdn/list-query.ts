/**
 * Filtering, sorting and paging for `GET /cdn/stories`, every parameter Storyblok
 * documents for it (docs/local-apis.md has the table): each is read once per request
 * into a test on one story, so a request costs one pass over the stories, whatever
 * filters it combines. A value the API cannot read (a date that is not one, a level that
 * is not a number) is refused with a 400 and the reason, as the description documents
 * the API's bad requests, never ignored.
 */
import { matchesFilterQuery, parseFilterQuery } from "./filter-query";
import { storyblokTime } from "./storyblok-time";
import type { CdnStory, Json, JsonObject } from "./story-types";
import { jsonText } from "./json-text";

const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;

/** A parameter's value the API cannot use: answered 400 `{ error }`. */
export class BadQuery extends Error {}

export type StoryTest = (story: CdnStory) => boolean;

/** Storyblok slug patterns: `*` matches any run of characters, e.g. `projects/*`. */
function slugPattern(patterns: string): (slug: string) => boolean {
  const regexes = csv(patterns).map((p) => new RegExp(`^${p.split("*").map(escapeRegExp).join(".*")}$`));
  return (slug) => regexes.some((r) => r.test(slug));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function csv(value: string): string[] {
  return value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A flag's value: `1`/`true` or `0`/`false`; anything else is refused. */
function flag(name: string, value: string): boolean {
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  throw new BadQuery(`${name} must be 1 or 0, got "${value}"`);
}

function integers(name: string, value: string): Set<number> {
  return new Set(
    csv(value).map((part) => {
      if (!/^\d+$/.test(part)) throw new BadQuery(`${name} must be a comma-separated list of ids, got "${value}"`);
      return Number(part);
    }),
  );
}

/** The story date filters: parameter → the story's date it compares, and which way. */
const DATE_FILTERS: readonly [param: string, field: (s: CdnStory) => Json | undefined, sign: 1 | -1][] = [
  ["first_published_at_gt", (s) => s.first_published_at, 1],
  ["first_published_at_lt", (s) => s.first_published_at, -1],
  ["published_at_gt", (s) => s.published_at, 1],
  ["published_at_lt", (s) => s.published_at, -1],
  // A story file written by hand may have no updated_at (Storyblok's CDN does not send it): its last publication, else its creation, stands in.
  ["updated_at_gt", (s) => s.updated_at ?? s.published_at ?? s.created_at, 1],
  ["updated_at_lt", (s) => s.updated_at ?? s.published_at ?? s.created_at, -1],
];

/** A story's folder level: 1 at the root, 2 in a top-level folder (its start page included), and so on. */
function levelOf(fullSlug: string): number {
  let level = 1;
  for (const char of fullSlug) if (char === "/") level++;
  return level;
}

/** Whether `needle` (lower case) is in the story's name, slug, full slug or any text or number of its content. */
function containsText(story: CdnStory, needle: string): boolean {
  if ([story.name, story.slug, story.full_slug].some((text) => typeof text === "string" && text.toLowerCase().includes(needle)))
    return true;
  const stack: Json[] = [story.content];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === "string") {
      if (node.toLowerCase().includes(needle)) return true;
    } else if (typeof node === "number") {
      if (String(node).includes(needle)) return true;
    } else if (Array.isArray(node)) {
      stack.push(...node);
    } else if (node !== null && typeof node === "object") {
      stack.push(...Object.values(node));
    }
  }
  return false;
}

/**
 * The tests every filter parameter in `params` puts on a story, in the order they are
 * cheapest to fail. Throws BadQuery for a value the API cannot read.
 */
export function storyTests(params: URLSearchParams): StoryTest[] {
  const tests: StoryTest[] = [];
  const value = (name: string) => {
    const v = params.get(name);
    return v === null || v === "" ? undefined : v;
  };

  const startsWith = value("starts_with")?.replace(/^\//, "");
  if (startsWith !== undefined) tests.push((s) => s.full_slug.startsWith(startsWith));

  const contentType = value("content_type");
  if (contentType !== undefined) tests.push((s) => s.content.component === contentType);

  const isStartpage = value("is_startpage");
  if (isStartpage !== undefined) {
    const wanted = flag("is_startpage", isStartpage);
    tests.push((s) => s.is_startpage === wanted);
  }

  const level = value("level");
  if (level !== undefined) {
    if (!/^\d+$/.test(level) || Number(level) < 1) throw new BadQuery(`level must be a whole number from 1, got "${level}"`);
    const wanted = Number(level);
    tests.push((s) => levelOf(s.full_slug) === wanted);
  }

  const excludingIds = value("excluding_ids");
  if (excludingIds !== undefined) {
    const ids = integers("excluding_ids", excludingIds);
    tests.push((s) => !ids.has(s.id));
  }

  const byUuids = value("by_uuids_ordered") ?? value("by_uuids");
  if (byUuids !== undefined) {
    const uuids = new Set(csv(byUuids));
    tests.push((s) => uuids.has(s.uuid));
  }

  const withTag = value("with_tag");
  if (withTag !== undefined) {
    // Any of the tags (OR), by the tag's name as the story's tag_list holds it.
    const tags = new Set(csv(withTag));
    tests.push((s) => Array.isArray(s.tag_list) && s.tag_list.some((tag) => typeof tag === "string" && tags.has(tag)));
  }

  const stages = value("in_workflow_stages");
  if (stages !== undefined) {
    // A story is in a stage when its file says so (`stage.workflow_stage_id`); the local space has no workflows, so none is unless written so.
    const ids = integers("in_workflow_stages", stages);
    tests.push((s) => {
      const stage = s.stage as JsonObject | null | undefined;
      return typeof stage === "object" && stage !== null && typeof stage.workflow_stage_id === "number" && ids.has(stage.workflow_stage_id);
    });
  }

  for (const [param, field, sign] of DATE_FILTERS) {
    const given = value(param);
    if (given === undefined) continue;
    const limit = storyblokTime(given);
    if (Number.isNaN(limit)) throw new BadQuery(`${param} must be a date as yyyy-MM-dd HH:mm, got "${given}"`);
    tests.push((s) => {
      const at = field(s);
      if (typeof at !== "string") return false;
      const time = storyblokTime(at);
      return !Number.isNaN(time) && sign * (time - limit) > 0;
    });
  }

  const bySlugs = value("by_slugs");
  if (bySlugs !== undefined) {
    const matches = slugPattern(bySlugs);
    tests.push((s) => matches(s.full_slug));
  }

  const excludingSlugs = value("excluding_slugs");
  if (excludingSlugs !== undefined) {
    const matches = slugPattern(excludingSlugs);
    tests.push((s) => !matches(s.full_slug));
  }

  const filterQuery = parseFilterQuery(params);
  if (filterQuery) tests.push((s) => matchesFilterQuery(s, filterQuery));

  const searchTerm = value("search_term")?.toLowerCase();
  if (searchTerm !== undefined) tests.push((s) => containsText(s, searchTerm));
  return tests;
}

/** The stories that pass every test, in their order. */
export function filterStories(stories: readonly CdnStory[], tests: readonly StoryTest[]): CdnStory[] {
  if (tests.length === 0) return [...stories];
  return stories.filter((story) => tests.every((test) => test(story)));
}

type Comparator = (a: CdnStory, b: CdnStory) => number;

/** The API's order without `sort_by`: `position` ascending, then newest id first (as recorded). */
export const defaultOrder: Comparator = (a, b) => a.position - b.position || b.id - a.id;

/** Text compared as Storyblok's sort compares it, numbers in it by value; one collator for every comparison. */
const collate = new Intl.Collator("en-us", { numeric: true }).compare;

/**
 * `sort_by=field:asc|desc[:int|float]`, several comma-separated; `field` is a story
 * attribute (`created_at`, `name`, `position`, `first_published_at`…) or a content
 * field, `content.<field>` (a dotted path reaches into an object field). Without it the
 * API orders by `position` ascending, then newest id first (as recorded); with it, ties
 * fall back to newest id first. Without `sort_by`, `by_uuids_ordered` keeps the order the uuids were given in.
 */
export function sortStories(stories: CdnStory[], params: URLSearchParams, inDefaultOrder = false): CdnStory[] {
  const sortBy = params.get("sort_by");
  const ordered = params.get("by_uuids_ordered");
  if (!sortBy && ordered) {
    const at = new Map(csv(ordered).map((uuid, i) => [uuid, i]));
    return [...stories].sort((a, b) => (at.get(a.uuid) ?? 0) - (at.get(b.uuid) ?? 0));
  }
  if (!sortBy) return inDefaultOrder ? stories : [...stories].sort(defaultOrder);
  const comparators = csv(sortBy).map(comparatorOf);
  return [...stories].sort((a, b) => {
    for (const compare of comparators) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return b.id - a.id;
  });
}

function comparatorOf(spec: string): Comparator {
  const [path = "", direction = "asc", type] = spec.split(":");
  if (direction !== "asc" && direction !== "desc") throw new BadQuery(`sort_by direction must be asc or desc, got "${direction}"`);
  if (type !== undefined && type !== "int" && type !== "float") throw new BadQuery(`sort_by type must be int or float, got "${type}"`);
  const sign = direction === "desc" ? -1 : 1;
  const numeric = type !== undefined;
  const valueOf = (story: CdnStory): Json | undefined =>
    path.startsWith("content.") ? valueAtPath(story.content, path.slice("content.".length)) : story[path];
  return (a, b) => compareValues(valueOf(a), valueOf(b), numeric, sign);
}

function valueAtPath(node: Json | undefined, path: string): Json | undefined {
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = node[key];
  }
  return node;
}

const missing = (v: Json | undefined) => v === undefined || v === null || v === "";

function compareValues(a: Json | undefined, b: Json | undefined, numeric: boolean, sign: number): number {
  // Missing values sort last whatever the direction asks for; that is rarely wanted anyway.
  if (missing(a)) return missing(b) ? 0 : 1;
  if (missing(b)) return -1;
  if (numeric || (typeof a === "number" && typeof b === "number")) return sign * (Number(a) - Number(b) || 0);
  return sign * collate(jsonText(a), jsonText(b));
}

export interface Page {
  perPage: number;
  page: number;
}

/** `per_page` and `page`; `maxPerPage` is the endpoint's own ceiling (100 for stories, 1,000 for links and datasources). */
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

/** The story attributes a response may leave out (`excluding_story_fields`, as storyblok-js-client types it); content and identity stay. */
const EXCLUDABLE_STORY_FIELDS = new Set([
  "alternates",
  "created_at",
  "default_full_slug",
  "first_published_at",
  "group_id",
  "is_startpage",
  "lang",
  "meta_data",
  "parent_id",
  "path",
  "position",
  "published_at",
  "release_id",
  "sort_by_date",
  "tag_list",
  "taxonomy_terms",
  "translated_slugs",
  "updated_at",
]);

/** `excluding_story_fields`: story attributes left out of the response. */
export function excludeStoryFields(story: CdnStory, fields: string | null): CdnStory {
  if (!fields) return story;
  const excluded = csv(fields).filter((f) => EXCLUDABLE_STORY_FIELDS.has(f));
  if (excluded.length === 0) return story;
  const copy: JsonObject = { ...story };
  for (const field of excluded) delete copy[field];
  return copy as CdnStory;
}
