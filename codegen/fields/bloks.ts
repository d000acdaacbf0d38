import { allowedNames, blokMembers } from "./blok-union.js";
import { arrayOf } from "./context.js";
import type { FieldKind } from "./kind.js";
import { access } from "./markup.js";
import { trimRule } from "./rules.js";

/**
 * bloks: always an array, even with `maximum: 1`, because that is what the
 * API sends. The element type is the field's own named union
 * (`CardListCardsBloks`), declared once next to its component. A restricted
 * field that whitelists nothing accepts no block.
 */
export const bloksKind: FieldKind = {
  transform: (context) => {
    const members = blokMembers(context);
    if (members.length === 0) context.warn("bloks-allow-none", "restricts its blocks but allows none; typed as never[]");
    return arrayOf(context.declareBloksAlias(members));
  },
  rule: ({ model, field }, required) => {
    const { minimum, maximum } = field;
    // A maximum without a minimum keeps its place with a vacuous minimum of 0.
    return trimRule(["bloks", required, allowedNames(model, field.restriction), maximum === undefined ? minimum : (minimum ?? 0), maximum]);
  },
  markup: (field) => ({ jsx: `<Blocks bloks={${access(field.key)}} />`, helpers: ["Blocks"] }),
};
