/**
 * `/internal_tags`: tags the space gives its components and assets
 * (https://www.storyblok.com/docs/api/management/internal-tags), which Storyblok's CLI
 * pulls and pushes with the components. Listed (by `by_object_type`, `search`, paged),
 * created, renamed and deleted; a name is unique per object type. Deleting a tag takes
 * it off every component and asset that had it.
 */
import type { InternalTagBody, InternalTagListBody } from "./client-types";
import { created, noContent, ok, unprocessable } from "./responses";
import { changeWith, resource } from "./resource";
import { paginate } from "./pagination";
import type { Route } from "./routes";
import type { InternalTagRecord } from "./space-records";
import type { SpaceState } from "./space-store";
import { BLANK, idOf, isBlank, TAKEN, type FieldErrors } from "./validation";

const OBJECT_TYPES = new Set(["asset", "component"]);

/** The tag of a create or update: `{ internal_tag: {…} }` as the client sends it, or the fields unwrapped as the description has them. */
function input(body: Record<string, unknown>): Record<string, unknown> {
  const inner = body.internal_tag;
  return typeof inner === "object" && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : body;
}

function errors(state: SpaceState, tag: { name: unknown; object_type: unknown }, exceptId?: number): FieldErrors {
  if (isBlank(tag.name)) return { name: [BLANK] };
  if (!OBJECT_TYPES.has(tag.object_type as string)) return { object_type: ["must be asset or component"] };
  const taken = state.internalTags.some((t) => t.name === tag.name && t.object_type === tag.object_type && t.id !== exceptId);
  return taken ? { name: [TAKEN] } : {};
}

/** The tags of components or assets as they are answered in `internal_tags_list`. */
export function tagList(tags: readonly InternalTagRecord[], ids: unknown): { id: number; name: string }[] {
  const wanted = new Set((Array.isArray(ids) ? ids : []).map((id) => idOf(id)));
  return tags.filter((tag) => wanted.has(tag.id)).map(({ id, name }) => ({ id, name }));
}

/** Found by id; the body is the tag itself or wraps it (`input`). */
const tagResource = resource<InternalTagRecord>("internal_tag", ["internal_tags"], (state) => state.internalTags);

export const internalTagRoutes: Route[] = [
  {
    method: "GET",
    path: "/internal_tags",
    async endpoint({ store, query }) {
      const state = await store.read();
      const type = query.get("by_object_type");
      const search = query.get("search")?.toLowerCase();
      const rows = state.internalTags.filter(
        (tag) => (!type || tag.object_type === type) && (!search || tag.name.toLowerCase().includes(search)),
      );
      const page = paginate(rows, query);
      return ok({ internal_tags: page.rows } satisfies InternalTagListBody, page.headers);
    },
  },
  {
    method: "POST",
    path: "/internal_tags",
    endpoint: ({ store, body }) =>
      store.write((tx) => {
        const given = input(body);
        const tag = { name: given.name, object_type: given.object_type ?? "component" };
        const found = errors(tx.state, tag);
        if (Object.keys(found).length > 0) return unprocessable(found);
        const record: InternalTagRecord = {
          id: tx.nextId(),
          name: tag.name as string,
          object_type: tag.object_type as InternalTagRecord["object_type"],
        };
        tx.state.internalTags.push(record);
        tx.touch("internal_tags");
        return created({ internal_tag: record } satisfies InternalTagBody);
      }),
  },
  {
    method: "PUT",
    path: "/internal_tags/:id",
    endpoint: changeWith(tagResource, (tag, tx, { body }) => {
      const given = input(body);
      const next = { name: given.name ?? tag.name, object_type: given.object_type ?? tag.object_type };
      const found = errors(tx.state, next, tag.id);
      if (Object.keys(found).length > 0) return unprocessable(found);
      Object.assign(tag, next);
      return ok({ internal_tag: tag } satisfies InternalTagBody);
    }),
  },
  {
    method: "DELETE",
    path: "/internal_tags/:id",
    endpoint: changeWith(tagResource, (tag, tx) => {
      tx.state.internalTags = tx.state.internalTags.filter((t) => t !== tag);
      const untag = (ids: unknown) => (Array.isArray(ids) ? ids.filter((id) => idOf(id) !== tag.id) : ids);
      for (const component of tx.state.components)
        component.internal_tag_ids = untag(component.internal_tag_ids) as typeof component.internal_tag_ids;
      for (const asset of tx.state.assets) asset.internal_tag_ids = untag(asset.internal_tag_ids) as typeof asset.internal_tag_ids;
      tx.touch("components");
      tx.touch("assets");
      return noContent();
    }),
  },
];
