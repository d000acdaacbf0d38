import type { LinkMark } from "../generated";
import { storyPath } from "../site/links";
import { safeHref } from "../site/safe-url";

/**
 * A link mark's destination, or null when it has none or an unsafe one
 * (then the text is rendered without a link). Story links carry the story's
 * slug, with or without a leading slash, and the anchor separately.
 */
export function linkMarkHref(attrs: LinkMark["attrs"]): string | null {
  const href = attrs.href?.trim() ?? "";
  const anchor = attrs.anchor ? `#${attrs.anchor}` : "";
  switch (attrs.linktype) {
    case "story":
      if (!href) return anchor || null;
      return safeHref(storyPath(href) + anchor);
    case "email":
      return safeHref(href.startsWith("mailto:") ? href : `mailto:${href}`);
    default:
      return safeHref(href);
  }
}
