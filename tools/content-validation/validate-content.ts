/**
 * Checks a story's content tree with the rules generated from the schema
 * (src/generated/validators.ts, run by the validation engine (src/generated/engine.ts, copied from codegen/engine/engine.ts)): the same
 * rules the site uses to skip invalid blocks, plus the `strict` checks for
 * authors. Problems are "path: message" strings, e.g.
 * `content(page).body[2](timeline_slide_list).slides[0](timeline_slide).start_date: is required`;
 * an empty list means valid.
 */
import { RESOLVE_RELATIONS } from "../../src/generated/relations";
import { validateBlok } from "../../src/generated/validators";
import { CONTENT_TYPE, formatProblem, type BlokProblem, type ValidateOptions } from "../../src/generated/engine";
import { RICH_TEXT_CHECKS } from "../../src/validation/rich-text-checks";
import { linkUuids, relationUuids } from "../../src/content/sources/local-cdn/relations";
import type { CdnStory } from "../../src/content/sources/local-cdn/story-types";

/** A schema's rules as src/generated/validators.ts exports them: the site's own by default, another folder's when a command loads them. */
export type BlokValidator = (value: unknown, options?: ValidateOptions) => BlokProblem[];

export function validateContent(content: unknown, validate: BlokValidator = validateBlok): string[] {
  // Strict, and every rich-text value the site would not render as written (a heading level 7, a javascript: link).
  return validate(content, { path: "content", strict: true, placement: CONTENT_TYPE, richText: RICH_TEXT_CHECKS }).map(formatProblem);
}

export interface StoryContext {
  /** Whether a story with this uuid exists where the story is read from (a content directory, a space). */
  hasStory(uuid: string): boolean;
  /** `component.field` patterns holding story uuids; the schema's (src/generated/relations.ts) by default. */
  relationFields?: readonly string[];
  /** The rules to check with; the schema's (src/generated/validators.ts) by default. */
  validateBlok?: BlokValidator;
}

/**
 * Everything that can be wrong with one story wherever it is stored: content
 * that does not fit the schema, and relations or story links to a uuid that
 * no story has (the page would silently lose them). `portfolio content
 * validate` runs it on every story of a directory and of a space.
 */
export function validateStory(story: CdnStory, context: StoryContext): string[] {
  const problems = validateContent(story.content, context.validateBlok);
  const fields = context.relationFields ?? RESOLVE_RELATIONS;
  for (const uuid of new Set([...relationUuids([story], fields), ...linkUuids([story])])) {
    if (!context.hasStory(uuid)) problems.push(`refers to story uuid "${uuid}", which no story has`);
  }
  return problems;
}
