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
 * - blocks nested in `bloks` and rich text are left to `<Blocks>`, which
 *   skips just the broken one where it renders.
 */
import { CONTENT_TYPE, formatProblem, isObj } from "../validation/engine";
import { RESOLVE_RELATIONS, validateBlok, type BlokByComponent, type ContentTypeBlok, type StoryblokStory } from "../generated";

type Obj = Record<string, unknown>;

/** `component` → the relation fields it holds, from RESOLVE_RELATIONS (`"card_list.projects"`). */
const RELATION_FIELDS: ReadonlyMap<string, readonly string[]> = RESOLVE_RELATIONS.reduce((fields, relation) => {
  const [component = "", field = ""] = relation.split(".");
  return fields.set(component, [...(fields.get(component) ?? []), field]);
}, new Map<string, string[]>());

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

/** Walks blocks (in `bloks` arrays and rich text alike) and checks the relations they hold. */
function withCheckedRelations(value: unknown, where: string, log: (line: string) => void): unknown {
  if (Array.isArray(value)) return value.map((item) => withCheckedRelations(item, where, log));
  if (!isObj(value)) return value;
  const fields = typeof value.component === "string" ? RELATION_FIELDS.get(value.component) : undefined;
  const copy: Obj = {};
  for (const [key, item] of Object.entries(value)) {
    if (fields?.includes(key)) {
      const at = `${where} ${String(value.component)}.${key}`;
      copy[key] = Array.isArray(item) ? item.map((related) => checkedRelation(related, at, log)) : checkedRelation(item, at, log);
    } else {
      copy[key] = withCheckedRelations(item, where, log);
    }
  }
  return copy;
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
  // Checked above: the content keeps the generated type's contract.
  return { ...story, content: withCheckedRelations(story.content, slugOf(story), log) } as StoryOf<K>;
}
