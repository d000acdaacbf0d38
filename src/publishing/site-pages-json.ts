/**
 * The story → pages map as one JSON value, for a store shared by every
 * instance (Redis). It carries a version: a later release that changes the
 * shape bumps it, and an instance that reads a version it does not know
 * treats the map as absent (a cold map, which refreshes more, never less)
 * instead of misreading it during a rolling deploy.
 */
import type { KnownStory, SitePages } from "./site-pages";

const SITE_PAGES_VERSION = 1;

interface SitePagesJson {
  version: typeof SITE_PAGES_VERSION;
  /** [story id, uuid, full_slug] */
  stories: [number, string, string][];
  /** [uuid, pages naming it] */
  shownOn: [string, string[]][];
  all: string[];
}

export function sitePagesToJson(pages: SitePages): string {
  const value: SitePagesJson = {
    version: SITE_PAGES_VERSION,
    stories: [...pages.stories].map(([id, story]) => [id, story.uuid, story.fullSlug]),
    shownOn: [...pages.shownOn].map(([uuid, paths]) => [uuid, [...paths]]),
    all: [...pages.all],
  };
  return JSON.stringify(value);
}

export type ReadSitePages = { ok: true; pages: SitePages } | { ok: false; problem: string };

const isString = (value: unknown): value is string => typeof value === "string";
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** The map in `text`, or why it cannot be used (another version, not this shape): the caller then has no map. */
export function sitePagesFromJson(text: string): ReadSitePages {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  if (typeof value !== "object" || value === null) return { ok: false, problem: "not a JSON object" };
  const { version, stories, shownOn, all } = value as Record<string, unknown>;
  if (version !== SITE_PAGES_VERSION)
    return { ok: false, problem: `version ${JSON.stringify(version)}, this release reads ${SITE_PAGES_VERSION}` };
  const storiesOk =
    Array.isArray(stories) &&
    stories.every(
      (entry) => Array.isArray(entry) && entry.length === 3 && Number.isSafeInteger(entry[0]) && isString(entry[1]) && isString(entry[2]),
    );
  const shownOnOk =
    Array.isArray(shownOn) &&
    shownOn.every((entry) => Array.isArray(entry) && entry.length === 2 && isString(entry[0]) && isStringList(entry[1]));
  if (!storiesOk || !shownOnOk || !isStringList(all)) return { ok: false, problem: "not the shape of a version 1 map" };
  const storyMap = new Map<number, KnownStory>(
    (stories as [number, string, string][]).map(([id, uuid, fullSlug]) => [id, { uuid, fullSlug }]),
  );
  const shownOnMap = new Map<string, ReadonlySet<string>>((shownOn as [string, string[]][]).map(([uuid, paths]) => [uuid, new Set(paths)]));
  return { ok: true, pages: { stories: storyMap, shownOn: shownOnMap, all } };
}
