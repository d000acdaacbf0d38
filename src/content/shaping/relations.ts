import type { StoryblokStory } from "../../generated/index";

/**
 * Relation fields arrive as `string | Story`: a story when resolve_relations
 * found it, its bare uuid when it did not (unpublished, deleted, over the
 * relation limit). Unresolved ones are dropped: a uuid means nothing to a reader.
 */
export function resolvedStories<C>(relations: ReadonlyArray<string | StoryblokStory<C>> | undefined): StoryblokStory<C>[] {
  return (relations ?? []).filter((relation): relation is StoryblokStory<C> => typeof relation !== "string");
}
