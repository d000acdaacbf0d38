/**
 * The `story` object of a create or update, checked as Storyblok checks it:
 * a name and a slug, a parent that is a folder of the space, a slug free in
 * that folder, and (for a story, not a folder) content with a component,
 * which the CDN needs to serve it.
 */
import type { FolderRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { fullSlugOf, isWithin, parentIdOf, slugTaken } from "./story-tree";
import { BLANK, idOf, isBlank, TAKEN, type FieldErrors } from "./validation";

export interface Placement {
  name: string;
  slug: string;
  parent: FolderRecord | undefined;
  parentId: number;
  fullSlug: string;
  isStartpage: boolean;
}

export type PlacementResult = { placement: Placement } | { errors: FieldErrors };

/** The story's name, slug and folder after applying `input` over `current` (nothing for a create). */
export function placementOf(
  state: SpaceState,
  input: Record<string, unknown>,
  current: { id: number; name: string; slug: string; full_slug?: string; parent_id?: unknown; is_startpage?: unknown } | undefined,
  self?: FolderRecord,
): PlacementResult {
  const errors: FieldErrors = {};
  const name = input.name ?? current?.name;
  const slug = input.slug ?? current?.slug;
  if (isBlank(name)) errors.name = [BLANK];
  if (isBlank(slug)) errors.slug = [BLANK];
  else if (!/^[^/?#\s]+$/.test(slug as string)) errors.slug = ["may not contain slashes, spaces, ? or #"];
  const moved = "parent_id" in input;
  const parentId = moved ? (input.parent_id === null ? 0 : idOf(input.parent_id)) : parentIdOf(current?.parent_id);
  const parent = parentId ? state.folders.find((f) => f.id === parentId) : undefined;
  // A story that stays where it is keeps even a parent the space does not know (a hand-written file's).
  const keepsUnknownParent = !moved && parentId !== 0 && !parent && current !== undefined;
  if (parentId === undefined || (parentId !== 0 && !parent && !keepsUnknownParent))
    errors.parent_id = ["must be the id of a folder of the space"];
  else if (self && parent && isWithin(state, parent, self)) errors.parent_id = ["cannot be the folder itself or a folder inside it"];
  if (Object.keys(errors).length > 0) return { errors };

  const isStartpage = (input.is_startpage ?? current?.is_startpage) === true;
  const fullSlug = keepsUnknownParent
    ? besideCurrent(current.full_slug, slug as string, isStartpage)
    : fullSlugOf(slug as string, parent, isStartpage);
  if (slugTaken(state, slug as string, fullSlug, parentId!, current?.id)) return { errors: { slug: [TAKEN] } };
  return { placement: { name: name as string, slug: slug as string, parent, parentId: parentId!, fullSlug, isStartpage } };
}

/** A story's content must name its block, as every story file does for the CDN. */
export function contentErrors(content: unknown): FieldErrors {
  const component = typeof content === "object" && content !== null ? (content as Record<string, unknown>).component : undefined;
  return isBlank(component) ? { content: ["must be an object with a component"] } : {};
}

/** `publish: 1` in the body (Storyblok's docs) or `publish=1` / `publish=true` in the query (the client's types). */
export function wantsPublish(body: Record<string, unknown>, query: URLSearchParams): boolean {
  const flag = body.publish ?? query.get("publish");
  return flag === 1 || flag === true || flag === "1" || flag === "true";
}

/** The full slug of `slug` in the folder `currentFullSlug` is in. */
function besideCurrent(currentFullSlug: string | undefined, slug: string, isStartpage: boolean): string {
  const trimmed = (currentFullSlug ?? "").replace(/\/$/, "");
  const folder = currentFullSlug?.endsWith("/") ? trimmed : trimmed.slice(0, Math.max(0, trimmed.lastIndexOf("/")));
  if (isStartpage && folder) return `${folder}/`;
  return folder ? `${folder}/${slug}` : slug;
}
