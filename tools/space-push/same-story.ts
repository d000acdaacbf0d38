/**
 * Whether a story in the space already holds what a push would write, so
 * an unchanged story costs no write. Only the fields the push sets are
 * compared; "nothing" compares equal however the space spells it (null,
 * "", 0 for the root folder).
 */
import type { SpaceStory, StoryBody } from "./space-api";

export function storyMatches(body: StoryBody, story: SpaceStory): boolean {
  return differingFields(body, story).length === 0;
}

/** The fields of `body` the space's story has otherwise (for dry-run and verbose output). */
export function differingFields(body: StoryBody, story: SpaceStory): string[] {
  const differing: string[] = [];
  for (const [field, wanted] of Object.entries(body)) {
    if (wanted === undefined) continue;
    if (!sameJson(normalise(field, wanted), normalise(field, story[field]))) differing.push(field);
  }
  return differing;
}

function normalise(field: string, value: unknown): unknown {
  if (field === "parent_id") return value ?? 0;
  if (field === "is_startpage" || field === "is_folder") return value === true;
  if (field === "tag_list") return value ?? [];
  // The same moment however the space writes it (Storyblok may drop the milliseconds or the "Z").
  if (field === "first_published_at" && typeof value === "string" && !Number.isNaN(Date.parse(value))) return Date.parse(value);
  if (value === "" || value === undefined) return null;
  return value;
}

/** Deep equality of JSON values, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
