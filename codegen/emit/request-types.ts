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
 * Block K as a \`ResolvedStory\` holds it: what a renderer gets (\`BlockRegistry<R, L>\`). Given no
 * request (R and L empty), the block as the project's declared requests deliver it (its default type),
 * said outright so that it holds for a generic K too (a \`Blocks\` that looks its renderer up by a
 * block's own \`component\`).
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

/**
 * What the default block types hold as the project's requests deliver it: the
 * declared relations, and story links when links are declared. A request's
 * exact answer rewrites these too, back to what is stored where it does not
 * resolve them.
 */
type Declared = DeclaredRelations | ([DeclaredLinks] extends [never] ? never : ${JSON.stringify(HOLDS_LINK)});

/** B (a block or a union of blocks) with R and L resolved in it; B itself when it holds none of them and nothing declared. */
type Resolve<B, R extends RelationName, L extends LinkResolution, U extends Unresolved> = B extends { component: infer K extends keyof Resolvable }
  ? [Resolvable[K] & (R | Declared | ([L] extends [never] ? never : ${JSON.stringify(HOLDS_LINK)}))] extends [never]
    ? B
    : { [F in keyof B]: ResolveField<B[F], \`\${K}.\${F & string}\`, R, L, U> }
  : B;

/** The value V of the field named N (\`block.field\`). */
type ResolveField<V, N extends string, R extends RelationName, L extends LinkResolution, U extends Unresolved> = N extends R
  ? RelationValue<V, StoryblokStory<Resolve<RelationTargets[N & R], R, L, U>>, U>
  : N extends DeclaredRelations
    ? StoredRelation<V>
    : V extends readonly (infer E)[]
      ? [E] extends [{ component: string }]
        ? Resolve<E, R, L, U>[]
        : V
      : V extends RichTextDoc<infer E>
        ? RichTextDoc<Resolve<E, R, L, U>>
        : LinkValue<V, N, L, U>;

/** A story link as L leaves it: as stored without L (whatever the default types declare), else with what L puts there. */
type LinkValue<V, N extends string, L extends LinkResolution, U extends Unresolved> = V extends StoryblokStoryLink
  ? [L] extends [never]
    ? StoryblokStoryLink
    : StoryblokResolvedStoryLink<LinkedStory<L, N extends keyof LinkTargets ? LinkTargets[N] : ${contentType}, U>>
  : V;

/** A declared relation field the request does not resolve: its uuid or uuids, as stored. */
type StoredRelation<V> = [V] extends [readonly unknown[] | undefined] ? string[] : string;

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

/** What \`resolve_links\` L puts on a story link to content types C: a linked story is walked no further, so it holds what is stored. */
type LinkedStory<L extends LinkResolution, C, U extends Unresolved> = L extends "story"
  ? StoryblokStory<Resolve<C, never, never, U>>
  : L extends "url"
    ? StoryblokLinkedUrl
    : StoryblokLinkedLink;

/**
 * The options of a story request as storyblok-js-client's \`getStory\` and
 * \`getStories\` (and @storyblok/react's \`getStoryblokApi()\`) take them,
 * \`resolve_relations\` as a list or a comma-separated string.
 */
export type StoryRequestOptions = {
  readonly resolve_relations?: string | readonly string[];
  readonly resolve_links?: string;
  /** The rest (\`version\`, \`language\`, …) change no type. */
  readonly [option: string]: unknown;
};

/**
 * The story such a request answers for content type C, read off the literal
 * type of its options O (\`as const\`, or \`satisfies StoryRequestOptions\`),
 * as Storyblok sends it and storyblok-js-client leaves it: each relation O
 * names a story, or its uuid when it could not be resolved; the rest uuids;
 * story links with what O's \`resolve_links\` puts there. Names that are no
 * story field are ignored, as Storyblok ignores them. Options whose lists are
 * plain \`string[]\` say nothing: the story is then typed as the project
 * declares its requests (the default block types).
 */
export type StoryOfRequest<C extends ${contentType}["component"], O extends StoryRequestOptions> = string extends SentRelations<O>
  ? StoryblokStory<${byComponent}[C]>
  : StoryblokStory<Resolve<${byComponent}[C], SentRelations<O> & RelationName, SentLinks<O>, "uuid">>;

type SentRelations<O extends StoryRequestOptions> = RelationList<O["resolve_relations"]>;
type RelationList<V> = V extends string ? CommaList<V> : V extends readonly (infer E extends string)[] ? E : never;
type CommaList<S extends string> = S extends \`\${infer Head},\${infer Tail}\` ? Head | CommaList<Tail> : S;

/** \`resolve_links\` as sent: "1" is Storyblok's old spelling of "story"; "0" resolves none. */
type SentLinks<O extends StoryRequestOptions> = LinkSent<O["resolve_links"]>;
type LinkSent<V> = V extends "story" | "1" ? "story" : V extends "url" | "link" ? V : never;
`;
