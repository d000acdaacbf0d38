/**
 * The order new stories are created in. A story can only be written with
 * its final references once every story it refers to has a uuid in the
 * space, and Storyblok gives a story its uuid when it is created (the
 * create call takes no uuid: Storyblok's own CLI, `storyblok stories push`,
 * creates placeholders first and maps references in a second pass for the
 * same reason). So stories whose references are all known go first, each
 * created once in its final state. When only stories in cycles are left,
 * one is created with the references still unknown left as they are, and
 * updated once the others exist: a story that refers to itself first (it
 * needs that second write anyway), else the one the most others wait for.
 */
import type { LocalStory } from "./local-stories";

/**
 * `stories` (the ones to create) in creation order, the content's order
 * kept where references allow. `dependencies` maps a story's source uuid to
 * the source uuids it refers to; one not among `stories` is in the space
 * already (or nowhere), and waits for nothing.
 */
export function creationOrder(stories: readonly LocalStory[], dependencies: ReadonlyMap<string, ReadonlySet<string>>): LocalStory[] {
  const remaining = [...stories];
  const waiting = new Set(stories.map((story) => story.sourceUuid));
  const unmet = (story: LocalStory) => [...(dependencies.get(story.sourceUuid) ?? [])].filter((uuid) => waiting.has(uuid));
  const order: LocalStory[] = [];
  while (remaining.length > 0) {
    let index = remaining.findIndex((story) => unmet(story).length === 0);
    if (index === -1) index = cycleBreaker(remaining, unmet);
    const [next] = remaining.splice(index, 1);
    order.push(next!);
    waiting.delete(next!.sourceUuid);
  }
  return order;
}

function cycleBreaker(remaining: readonly LocalStory[], unmet: (story: LocalStory) => string[]): number {
  const selfReferring = remaining.findIndex((story) => unmet(story).includes(story.sourceUuid));
  if (selfReferring !== -1) return selfReferring;
  const waitedForBy = new Map<string, number>();
  for (const story of remaining) for (const uuid of unmet(story)) waitedForBy.set(uuid, (waitedForBy.get(uuid) ?? 0) + 1);
  let best = 0;
  const score = (story: LocalStory): [number, number] => [waitedForBy.get(story.sourceUuid) ?? 0, -unmet(story).length];
  remaining.forEach((story, index) => {
    const [waiters, fewerUnmet] = score(story);
    const [bestWaiters, bestFewerUnmet] = score(remaining[best]!);
    if (waiters > bestWaiters || (waiters === bestWaiters && fewerUnmet > bestFewerUnmet)) best = index;
  });
  return best;
}
