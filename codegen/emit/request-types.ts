import { UNION_NAMES } from "../names.js";
import { HOLDS_LINK } from "./resolvable.js";

const { byComponent, contentType } = UNION_NAMES;

/**
 * The part of relations.ts that is the same for every schema: the types of
 * a request's answer, read off what it sends. They consult the maps written
 * above them (RelationTargets, LinkTargets, Resolvable) and change only the
 * blocks that hold something the request resolves, so every other block
 * keeps its own type (and its name in errors), and a request that resolves
 * nothing gives the types as stored.
 *
 * Why these shapes: storyblok-js-client puts a related story in place of
 * each uuid it could resolve, in any block of the story and of the stories
 * it resolved (`resolveNestedRelations`), and leaves the uuid of one it
 * could not; it puts `story` on a story link when `resolve_links` asked,
 * but walks no linked story further (`_stopResolving`).
 */
export const REQUEST_TYPES = `
/** What \`resolve_links\` may ask for. */
export type LinkResolution = "story" | "url" | "link";

/**
 * The story a request for content type C answers, the request sending
 * \`resolve_relations\` R (a readonly tuple, as sent) and \`resolve_links\` L (none
 * when left out), from a client that drops the relations it could not
 * resolve. A relation field R names holds stories, never a uuid: \`Story[]\`,
 * or \`Story | undefined\` for a single one. So at any depth: in the content,
 * in nested blocks, in blocks inside rich text, and in the stories resolved.
 * Each story is of the content types its field allows. Relation fields R
 * does not name stay uuids; a story link has \`story\` only when L is given.
 */
export type ResolvedStory<C extends ${contentType}["component"], R extends readonly RelationName[], L extends LinkResolution = never> = StoryblokStory<
  Resolve<${byComponent}[C], R[number], L, "dropped">
>;

/**
 * The same answer as Storyblok sends it and storyblok-js-client leaves it: a
 * relation that could not be resolved (unpublished, deleted, or over the
 * relation limit, in \`rel_uuids\`) is still its uuid, so a field R names
 * holds \`string | Story\`.
 */
export type ResolvedStoryKeepingUuids<C extends ${contentType}["component"], R extends readonly RelationName[], L extends LinkResolution = never> = StoryblokStory<
  Resolve<${byComponent}[C], R[number], L, "uuid">
>;

/**
 * Block K as a \`ResolvedStory\` holds it: what a renderer gets (\`BlockRegistry<R, L>\`). A request
 * that resolves nothing gets the block as stored, said outright so that it holds for a generic K too
 * (a \`Blocks\` that looks its renderer up by a block's own \`component\`).
 */
export type ResolvedBlok<K extends keyof ${byComponent}, R extends readonly RelationName[], L extends LinkResolution = never> = [R[number] | L] extends [never]
  ? ${byComponent}[K]
  : Resolve<${byComponent}[K], R[number], L, "dropped">;

/** Block K as a \`ResolvedStoryKeepingUuids\` holds it. */
export type ResolvedBlokKeepingUuids<K extends keyof ${byComponent}, R extends readonly RelationName[], L extends LinkResolution = never> = Resolve<
  ${byComponent}[K],
  R[number],
  L,
  "uuid"
>;

/** What becomes of a relation the client could not resolve. */
type Unresolved = "dropped" | "uuid";

/** B (a block or a union of blocks) with R and L resolved in it; B itself when it holds none of them. */
type Resolve<B, R extends RelationName, L extends LinkResolution, U extends Unresolved> = B extends { component: infer K extends keyof Resolvable }
  ? [Resolvable[K] & (R | ([L] extends [never] ? never : ${JSON.stringify(HOLDS_LINK)}))] extends [never]
    ? B
    : { [F in keyof B]: ResolveField<B[F], \`\${K}.\${F & string}\`, R, L, U> }
  : B;

/** The value V of the field named N (\`block.field\`). */
type ResolveField<V, N extends string, R extends RelationName, L extends LinkResolution, U extends Unresolved> = N extends R
  ? RelationValue<V, StoryblokStory<Resolve<RelationTargets[N & R], R, L, U>>, U>
  : V extends readonly (infer E)[]
    ? [E] extends [{ component: string }]
      ? Resolve<E, R, L, U>[]
      : V
    : V extends RichTextDoc<infer E>
      ? RichTextDoc<Resolve<E, R, L, U>>
      : [L] extends [never]
        ? V
        : V extends StoryblokStoryLink
          ? StoryblokResolvedStoryLink<LinkedStory<L, N extends keyof LinkTargets ? LinkTargets[N] : ${contentType}>>
          : V;

/**
 * A resolved relation field: each uuid becomes its story S, or is dropped (U)
 * when it could not be resolved. V is the uuid or uuids, with \`undefined\` when
 * the field is optional; the brackets keep that from splitting the answer.
 */
type RelationValue<V, S, U extends Unresolved> = [V] extends [readonly unknown[] | undefined]
  ? U extends "dropped"
    ? S[]
    : (string | S)[]
  : U extends "dropped"
    ? S | undefined
    : string | S;

/** What \`resolve_links\` L puts on a story link to content types C. */
type LinkedStory<L extends LinkResolution, C> = L extends "story" ? StoryblokStory<C> : L extends "url" ? StoryblokLinkedUrl : StoryblokLinkedLink;
`;
