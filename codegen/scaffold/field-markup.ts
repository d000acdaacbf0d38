import { fieldKind } from "../fields/index.js";
import type { Markup } from "../fields/markup.js";
import type { FieldModel } from "../model.js";

export type { Helper, Markup } from "../fields/markup.js";

/**
 * One field, rendered plainly, in the generated type's terms: each kind's
 * markup (beside its type, in fields/*.ts) compiles against the type its
 * transform gives it. Undefined for fields that hold no data (tab, section).
 */
export function fieldMarkup(field: FieldModel, resolved = false): Markup | undefined {
  return fieldKind(field).markup(field, resolved);
}
