/** A story as the space lists it, for the push's comparisons: a published story "a" unless `fields` say otherwise. */
import type { SpaceStory } from "../../../tools/space-push/space-api";

export function spaceStory(fields: Record<string, unknown> = {}): SpaceStory {
  return {
    id: 1,
    uuid: "u",
    full_slug: "a",
    is_folder: false,
    published: true,
    unpublished_changes: false,
    name: "A",
    slug: "a",
    ...fields,
  };
}
