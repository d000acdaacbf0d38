import { blokUnion } from "./blok-union";
import { arrayOf, type FieldTransform } from "./context";

/**
 * bloks: always an array, even with `maximum: 1`, because that is what the
 * API sends. A restricted field that whitelists nothing accepts no block.
 */
export const bloksField: FieldTransform = (context) => {
  const union = blokUnion(context);
  if (union === "never") context.warn("restricts its blocks but allows none; typed as never[]");
  return arrayOf(union);
};
