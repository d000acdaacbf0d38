import { relatedStories, withKnownRelations } from "./known-relations";
import type { LiveAccept } from "./live-accept";

/**
 * The one way a story replaces the one on screen, whether it came from the
 * bridge's `input` event or from a saved file in `next dev`: relations are
 * resolved from what the page already showed and from `fetched` (draft
 * stories loaded for this page), then the page's own `accept` (the generated
 * validators, then the props shaping the server does) decides, dropping
 * those still unresolved as the server does. A story that fails is refused
 * and the page keeps what it shows.
 */
export function applyInputStory<S>(
  incoming: unknown,
  current: S,
  page: LiveAccept<S>,
  fetched: ReadonlyMap<string, Record<string, unknown>> = new Map(),
): S {
  const known = new Map([...fetched, ...relatedStories(current, page.relations)]);
  return page.accept(withKnownRelations(incoming, known, page.relations)) ?? current;
}
