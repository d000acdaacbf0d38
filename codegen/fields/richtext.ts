import { allowedNames, blokMembers } from "./blok-union.js";
import type { FieldKind } from "./kind.js";
import { access } from "./markup.js";

/**
 * richtext: the document type, parameterised by the blocks this field may
 * embed. A field that restricts its blocks but saved no whitelist at all
 * embeds no block: `RichTextDoc<never>`, said aloud because that is usually
 * an unfinished whitelist. An explicit empty whitelist (`[]`) is taken as meant.
 */
export const richtextKind: FieldKind = {
  transform: (context) => {
    const members = blokMembers(context);
    const restriction = context.field.restriction;
    if (members.length === 0 && restriction.kind !== "any" && !restriction.listed)
      context.warn("richtext-allows-no-blocks", "restricts its embedded blocks but allows none; typed as RichTextDoc<never>");
    return `${context.use("RichTextDoc")}<${members.length === 0 ? "never" : members.join(" | ")}>`;
  },
  rule: ({ model, field }, required) => ["richtext", required, allowedNames(model, field.restriction)],
  // renderBlok, so that a RichText which demands it for fields that embed blocks (as the site's does) compiles too.
  markup: (field) => ({
    jsx: `<RichText doc={${access(field.key)}} renderBlok={(embedded) => <Blocks bloks={[embedded]} />} />`,
    helpers: ["RichText", "Blocks"],
  }),
};
