/**
 * The fixed names the generated files export. They live here, read by the
 * naming table (symbols.ts, which keeps components from taking them) and by
 * the emitters that write them, so data flows one way: model → names and
 * naming → field transforms → emitters, and nothing imports back.
 */

/** The fixed union and map names; components and groups never take them. */
export const UNION_NAMES = {
  any: "AnyBlok",
  nestable: "NestableBlok",
  contentType: "ContentTypeBlok",
  byComponent: "BlokByComponent",
} as const;
export const REGISTRY_EXPORTS = ["BlockRegistry", "BlokOf", "InlineComponent"] as const;
export const RELATIONS_EXPORTS = [
  "DeclaredLinks",
  "DeclaredRelations",
  "LinkResolution",
  "LinkTargets",
  "RELATION_CONTENT_TYPES",
  "RelationName",
  "RelationTargets",
  "RESOLVE_RELATIONS",
  "ResolvedBlok",
  "ResolvedBlokKeepingUuids",
  "ResolvedStory",
  "ResolvedStoryKeepingUuids",
  "StoryOfRequest",
  "StoryRequestOptions",
] as const;

/** Names richtext.ts exports; the naming table keeps them free. */
export const RICHTEXT_EXPORTS = [
  "AnchorMark",
  "BlockquoteNode",
  "BlokNode",
  "BoldMark",
  "BulletListNode",
  "CodeBlockNode",
  "CodeMark",
  "EmojiNode",
  "HardBreakNode",
  "HeadingNode",
  "HighlightMark",
  "HorizontalRuleNode",
  "ImageNode",
  "ItalicMark",
  "LinkMark",
  "ListItemNode",
  "OrderedListNode",
  "ParagraphNode",
  "RichTextDoc",
  "RichTextMark",
  "RichTextNode",
  "StrikeMark",
  "StrongMark",
  "StyledMark",
  "SubscriptMark",
  "SuperscriptMark",
  "TableCellNode",
  "TableHeaderNode",
  "TableNode",
  "TableRowNode",
  "TextNode",
  "TextStyleMark",
  "UnderlineMark",
] as const;

/** Names storyblok.ts exports; the naming table keeps them free. */
export const STORYBLOK_EXPORTS = [
  "LinkType",
  "StoryblokAsset",
  "StoryblokAssetLink",
  "StoryblokEmailLink",
  "StoryblokLink",
  "StoryblokLinkedLink",
  "StoryblokLinkedUrl",
  "StoryblokMultilink",
  "StoryblokResolvedStoryLink",
  "StoryblokStory",
  "StoryblokStoryLink",
  "StoryblokTable",
  "StoryblokTableCell",
  "StoryblokTableRow",
  "StoryblokUrlLink",
] as const;

/** Names validators.ts exports; the naming table keeps them free. */
export const VALIDATORS_EXPORTS = ["BLOK_RULES", "checkBlok", "isBlok", "validateBlok"] as const;

/** Names locales.ts exports; the naming table keeps them free. */
export const LOCALES_EXPORTS = [
  "DEFAULT_LOCALE",
  "isLocale",
  "LANGUAGE_CODES",
  "LANGUAGE_NAMES",
  "LanguageCode",
  "Locale",
  "LOCALES",
  "TRANSLATABLE_FIELDS",
  "TranslatableFields",
  "TranslatableFieldsByBlock",
] as const;
