/**
 * The data boundary: a story from the content API is checked against the
 * rules generated from the schema before any page or renderer sees it, so
 * malformed content costs the least it can and never the whole build:
 *
 * - a story whose own fields break their types (a required field missing,
 *   a number sent as a number) is not served: one log line, and the page
 *   answers 404 as if it were unpublished;
 * - a resolved relation whose story breaks its types is put back to its
 *   uuid, which renderers already treat as "not resolved" (nothing shown);
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
import { validateBlok, type BlokByComponent, type ContentTypeBlok, type StoryblokStory } from "../../generated";
import { copyContent, MAX_CONTENT_DEPTH } from "./content-tree";
import { markBrokenBloks } from "./mark-broken-bloks";
import { RELATION_FIELDS } from "../access/relation-fields";

export type StoryOf<K extends ContentTypeBlok["component"]> = StoryblokStory<BlokByComponent[K]>;

/** Problems with a story's own content as a `component` content type, one line each. */
function contentProblems(content: unknown, component?: string): string[] {
  return validateBlok(content, {
    path: "content",
    placement: CONTENT_TYPE,
    allowed: component === undefined ? 0 : [component],
    shallow: true,
  }).map(formatProblem);
}

function slugOf(story: unknown): string {
  return isObj(story) && typeof story.full_slug === "string" ? story.full_slug : "(a story without full_slug)";
}

/** A resolved relation whose content breaks its types goes back to being its uuid. */
function checkedRelation(related: unknown, where: string, log: (line: string) => void): unknown {
  if (!isObj(related) || typeof related.uuid !== "string") return related;
  const problems = contentProblems(related.content);
  if (problems.length === 0) return related;
  log(`content: ${where} → ${slugOf(related)} not shown: ${problems.join("; ")}`);
  return related.uuid;
}

/** A copy of the content with the relations its blocks hold (in `bloks` arrays and rich text alike) checked, depth cut, and broken blocks marked. */
function withCheckedRelations(content: unknown, where: string, log: (line: string) => void): unknown {
  const { value, truncated } = copyContent(content, (object, key, item) => {
    const fields = typeof object.component === "string" ? RELATION_FIELDS.get(object.component) : undefined;
    if (!fields?.includes(key)) return undefined;
    const at = `${where} ${String(object.component)}.${key}`;
    return { value: Array.isArray(item) ? item.map((related) => checkedRelation(related, at, log)) : checkedRelation(item, at, log) };
  });
  if (truncated) log(`content: ${where} shown without what is nested more than ${MAX_CONTENT_DEPTH} levels deep`);
  markBrokenBloks(value);
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
 * The story, narrowed to the content type `component`, when its content keeps
 * the type contract; otherwise null, with one log line saying why. A story of
 * another content type is null silently (e.g. a `page` asked for as a project).
 */
export function acceptStory<K extends ContentTypeBlok["component"]>(
  story: unknown,
  component: K,
  log: (line: string) => void = console.error,
): StoryOf<K> | null {
  if (!isObj(story) || !isObj(story.content) || story.content.component !== component) return null;
  const problems = contentProblems(story.content, component);
  if (problems.length > 0) {
    log(`content: ${slugOf(story)} not shown: ${problems.join("; ")}`);
    return null;
  }
  const changes = changesLine(story, story.content, component);
  if (changes) log(changes);
  // Checked above: the content keeps the generated type's contract.
  return { ...story, content: withCheckedRelations(story.content, slugOf(story), log) } as StoryOf<K>;
}
