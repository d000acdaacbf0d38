/**
 * The data boundary: a story from the content API is checked against the
 * rules generated from the schema before any page or renderer sees it, so
 * malformed content costs the least it can and never the whole build:
 *
 * - a story whose own fields break their types (a required field missing,
 *   a number sent as a number) is not served: one log line, and the page
 *   answers 404 as if it were unpublished;
 * - a relation the query resolved holds stories only, at any depth: one
 *   whose story breaks its types, like one the API could not resolve (a
 *   uuid), is dropped (drop-unresolved.ts), so renderers never narrow;
 * - a block nested in `bloks` or rich text that breaks its types is
 *   replaced by a marker (mark-broken-bloks.ts): `<Blocks>` skips just that
 *   one where it renders, or shows the editor why, and the browser needs no
 *   validators to know which;
 * - rich-text values the renderer will not render as written (a heading
 *   level of 7, a `javascript:` link) are served, rendered safely; they and
 *   the nested blocks <Blocks> will skip are named in one log line per story;
 * - content nested deeper than MAX_CONTENT_DEPTH is cut, with one log line,
 *   so no walk and no page-props serialisation can overflow the stack.
 */
import { CONTENT_TYPE, formatProblem, isObj } from "../../generated/engine";
import { RICH_TEXT_CHECKS } from "../../validation/rich-text-checks";
import { RELATION_CONTENT_TYPES, validateBlok, type RelationName } from "../../generated";
import { copyContent, MAX_CONTENT_DEPTH } from "./content-tree";
import { dropUnresolvedRelations } from "./drop-unresolved";
import { markBrokenBloks } from "./mark-broken-bloks";
import { relationAt, relationFieldsOf } from "../access/relation-fields";
import type { StoryOf, StoryQuery } from "../access/story-queries";

/** Problems with a story's own content as one of the `allowed` content types (0: any), one line each. */
function contentProblems(content: unknown, allowed: readonly string[] | 0): string[] {
  return validateBlok(content, { path: "content", placement: CONTENT_TYPE, allowed, shallow: true }).map(formatProblem);
}

function slugOf(story: unknown): string {
  return isObj(story) && typeof story.full_slug === "string" ? story.full_slug : "(a story without full_slug)";
}

/**
 * A resolved relation whose content is not of a content type its field
 * allows, or breaks that type, goes back to being its uuid, which is then
 * dropped like any other.
 */
function checkedRelation(related: unknown, relation: RelationName, where: string, log: (line: string) => void): unknown {
  if (!isObj(related) || typeof related.uuid !== "string") return related;
  const allowed = RELATION_CONTENT_TYPES[relation];
  const problems = contentProblems(related.content, allowed.length > 0 ? allowed : 0);
  if (problems.length === 0) return related;
  log(`content: ${where} → ${slugOf(related)} not shown: ${problems.join("; ")}`);
  return related.uuid;
}

/**
 * A copy of the content as the query promises it: the relations it named
 * checked (in `bloks` arrays and rich text alike, and in the stories they
 * hold, which are copied too), depth cut, broken blocks marked, and every
 * relation that is not a story then dropped.
 */
function withResolvedRelations(content: unknown, where: string, query: StoryQuery, log: (line: string) => void): unknown {
  const relations = relationFieldsOf(query.resolve_relations);
  const { value, truncated } = copyContent(content, (object, key, item) => {
    const relation = relationAt(relations, object, key);
    if (relation === undefined) return undefined;
    const check = (related: unknown) => checkedRelation(related, relation, `${where} ${relation}`, log);
    return { value: Array.isArray(item) ? item.map(check) : check(item), walk: true };
  });
  if (truncated) log(`content: ${where} shown without what is nested more than ${MAX_CONTENT_DEPTH} levels deep`);
  // Marked before the drop: a single relation dropped leaves a required field empty, which is not the block's fault.
  markBrokenBloks(value, relations);
  dropUnresolvedRelations(value, relations);
  return value;
}

/**
 * What the site will show otherwise than stored, for a story it serves: nested
 * blocks that break their types (<Blocks> skips them) and rich-text values
 * the renderer falls back on. One line, naming the story, block path and field.
 */
function changesLine(story: unknown, content: unknown, component: string): string | null {
  const options = { path: "content", placement: CONTENT_TYPE, allowed: [component] } as const;
  const skipped = validateBlok(content, options).map(formatProblem);
  const known = new Set(skipped);
  const asRendered = validateBlok(content, { ...options, richText: RICH_TEXT_CHECKS })
    .map(formatProblem)
    .filter((problem) => !known.has(problem));
  if (skipped.length === 0 && asRendered.length === 0) return null;
  const parts = [
    skipped.length > 0 ? `blocks skipped: ${skipped.join("; ")}` : "",
    asRendered.length > 0 ? `rich text rendered otherwise than written: ${asRendered.join("; ")}` : "",
  ];
  return `content: ${slugOf(story)} shown with changes. ${parts.filter(Boolean).join(". ")}`;
}

/**
 * The story, as `query` promises it (StoryOf), when its content keeps the
 * type contract of the query's content type; otherwise null, with one log
 * line saying why. A story of another content type is null silently (e.g. a
 * `page` asked for as a project).
 */
export function acceptStory<Q extends StoryQuery>(
  story: unknown,
  query: Q,
  log: (line: string) => void = console.error,
): StoryOf<Q> | null {
  const component = query.contentType;
  if (!isObj(story) || !isObj(story.content) || story.content.component !== component) return null;
  const problems = contentProblems(story.content, [component]);
  if (problems.length > 0) {
    log(`content: ${slugOf(story)} not shown: ${problems.join("; ")}`);
    return null;
  }
  const changes = changesLine(story, story.content, component);
  if (changes) log(changes);
  // Checked above, and its relations made what the query's type says: the one place JSON becomes a typed story.
  return { ...story, content: withResolvedRelations(story.content, slugOf(story), query, log) } as StoryOf<Q>;
}
