/**
 * Checks a story's content tree with the rules generated from the schema
 * (src/generated/validators.ts, run by src/validation/engine.ts): the same
 * rules the site uses to skip invalid blocks, plus the `strict` checks for
 * authors. Problems are "path: message" strings, e.g.
 * `content(page).body[2](timeline_slide_list).slides[0](timeline_slide).start_date: is required`;
 * an empty list means valid.
 */
import { validateBlok } from "../../generated/validators";
import { CONTENT_TYPE, formatProblem } from "../../validation/engine";

export function validateContent(content: unknown): string[] {
  return validateBlok(content, { path: "content", strict: true, placement: CONTENT_TYPE }).map(formatProblem);
}
