/**
 * Builds the `rels` / `links` part of a response (or `rel_uuids` /
 * `link_uuids` when there are too many to inline).
 */
import { inlineOrUuids, linkObject, linkUuids, relationUuids, urlObject } from "./relations";
import type { CdnStory, JsonObject } from "./story-types";

export interface RelatedParts {
  rels?: CdnStory[];
  rel_uuids?: string[];
  links?: (CdnStory | JsonObject)[];
  link_uuids?: string[];
}

const RESOLVE_LINKS_AS_STORIES = new Set(["1", "story"]);
/** The smaller shapes `resolve_links` can ask for instead of whole stories. */
const LINK_SHAPES: Readonly<Record<string, (story: CdnStory) => JsonObject>> = { url: urlObject, link: linkObject };

/**
 * @param lookup returns the story for a uuid in the requested version
 *   (already shaped for the response), or undefined when it is missing or
 *   unpublished: such references stay plain uuids, as on Storyblok.
 */
export function relatedParts(
  stories: readonly CdnStory[],
  params: URLSearchParams,
  lookup: (uuid: string) => CdnStory | undefined,
): RelatedParts {
  const parts: RelatedParts = {};
  const patterns = (params.get("resolve_relations") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const level = Number(params.get("resolve_level") ?? "1");

  const rels = resolve(relationUuids(stories, patterns), lookup);
  if (level >= 2 && rels.length > 0) {
    // Level 2: relations of the related stories travel in the same list.
    const seen = new Set([...rels.map((r) => r.uuid), ...stories.map((s) => s.uuid)]);
    rels.push(
      ...resolve(
        relationUuids(rels, patterns).filter((uuid) => !seen.has(uuid)),
        lookup,
      ),
    );
  }
  const relSplit = inlineOrUuids(
    rels,
    rels.map((r) => r.uuid),
  );
  if ("uuids" in relSplit) parts.rel_uuids = relSplit.uuids;
  else parts.rels = relSplit.inline;

  const resolveLinks = params.get("resolve_links") ?? "";
  const shape = LINK_SHAPES[resolveLinks];
  const linked = RESOLVE_LINKS_AS_STORIES.has(resolveLinks) || shape ? resolve(linkUuids(stories), lookup) : [];
  if (linked.length > 0 && params.get("resolve_links_level") === "2") {
    // Level 2: the stories the linked stories link to travel in the same list.
    const seen = new Set([...linked.map((l) => l.uuid), ...stories.map((s) => s.uuid)]);
    linked.push(
      ...resolve(
        linkUuids(linked).filter((uuid) => !seen.has(uuid)),
        lookup,
      ),
    );
  }
  const links = shape ? linked.map(shape) : linked;
  const linkSplit = inlineOrUuids(
    links,
    linked.map((l) => l.uuid),
  );
  if ("uuids" in linkSplit) parts.link_uuids = linkSplit.uuids;
  else parts.links = linkSplit.inline;
  return parts;
}

/** Related stories come back ordered by id, as recorded (not in the order the content lists them). */
function resolve(uuids: string[], lookup: (uuid: string) => CdnStory | undefined): CdnStory[] {
  return uuids
    .map(lookup)
    .filter((story): story is CdnStory => story !== undefined)
    .sort((a, b) => a.id - b.id);
}
