import { storyPath } from "../content/shaping/links";
import { safeHref } from "../security/safe-url";
import { stringAttr, type Attrs } from "../validation/rich-text-values";

/**
 * A link mark's destination, or null when it has none or an unsafe one
 * (then the text is rendered without a link). As @storyblok/richtext writes
 * it: story links are the story's path plus `#anchor`, email links get one
 * `mailto:`, the rest are the href as stored. Unlike it, a non-string href
 * counts as none and unsafe schemes (`javascript:`) are dropped.
 */
export function linkMarkHref(attrs: Attrs): string | null {
  const href = stringAttr(attrs, "href")?.trim() ?? "";
  const anchorValue = stringAttr(attrs, "anchor");
  const anchor = anchorValue ? `#${anchorValue}` : "";
  switch (stringAttr(attrs, "linktype")) {
    case "story":
      if (!href) return anchor || null;
      return safeHref(storyPath(href) + anchor);
    case "email":
      return href ? safeHref(`mailto:${href.replace(/^mailto:/i, "")}`) : null;
    default:
      return safeHref(href);
  }
}
