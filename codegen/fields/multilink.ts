import { UNION_NAMES } from "../names.js";
import { compareNames } from "../sort.js";
import type { FieldContext, FieldTransform } from "./context.js";
import type { FieldKind } from "./kind.js";
import { access } from "./markup.js";

/**
 * Story and URL links are always allowed; email and asset links only when the
 * field enables them, so a renderer handles exactly the variants it can get.
 * When the project's requests send `resolve_links`, a story link carries what
 * that puts there (`story`), absent when the story could not be resolved.
 */
const multilinkType: FieldTransform = (context) => {
  const { field, use } = context;
  const types = ['"story"', '"url"'];
  if (field.allowEmailLinks) types.push('"email"');
  if (field.allowAssetLinks) types.push('"asset"');
  const linked = linkedStory(context);
  return `${use("StoryblokMultilink")}<${types.join(" | ")}${linked === undefined ? "" : `, ${linked}`}>`;
};

export const multilinkKind: FieldKind = {
  transform: multilinkType,
  rule: ({ field }, required) => [
    "multilink",
    required,
    ["story", "url", ...(field.allowEmailLinks ? ["email"] : []), ...(field.allowAssetLinks ? ["asset"] : [])],
  ],
  markup: (field) => {
    const value = access(field.key);
    return {
      // `?? undefined`: a project's own linkHref may answer null for no link.
      jsx: `{${value} ? <a href={linkHref(${value}) ?? undefined}>{${value}.title || ${JSON.stringify(field.key)}}</a> : null}`,
      helpers: ["linkHref"],
    };
  },
};

/** What the declared `resolve_links` puts on this field's story links; undefined when links are not resolved. */
function linkedStory(context: FieldContext): string | undefined {
  switch (context.model.resolveLinks) {
    case undefined:
      return undefined;
    case "url":
      return context.use("StoryblokLinkedUrl");
    case "link":
      return context.use("StoryblokLinkedLink");
    case "story": {
      const types = [...new Set(context.field.linkContentTypes.flatMap((name) => context.symbols.blok.get(name) ?? []))].sort(compareNames);
      return `${context.use("StoryblokStory")}<${types.length > 0 ? types.join(" | ") : UNION_NAMES.contentType}>`;
    }
  }
}
