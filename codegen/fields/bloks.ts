import { blokMembers } from "./blok-union.js";
import { arrayOf, type FieldTransform } from "./context.js";

/**
 * bloks: always an array, even with `maximum: 1`, because that is what the
 * API sends. The element type is the field's own named union
 * (`CardListCardsBloks`), declared once next to its component. A restricted
 * field that whitelists nothing accepts no block.
 */
export const bloksField: FieldTransform = (context) => {
  const members = blokMembers(context);
  if (members.length === 0) context.warn("bloks-allow-none", "restricts its blocks but allows none; typed as never[]");
  return arrayOf(context.declareBloksAlias(members));
};
