import type { GeneratedFile } from "../model.js";

// Node and mark names and attributes are those Storyblok's rich-text editor
// (TipTap) stores. Attributes the editor may omit or null out are optional
// and nullable, so a renderer has to handle their absence; those every
// recorded answer carries (a link's five, a code block's class, a
// highlight's color, null when none) are required, as the SDKs' types say.
// B is the union of blocks the field's whitelist allows (never when none).
// Leaf nodes (text, hard_break, horizontal_rule, image, emoji, blok) hold no
// children, and say so with `content?: never`: a generic walk such as
// `doc.content?.[0]?.content` compiles and reads `undefined` on a leaf, as
// the SDK's own node type allows, while `type` still discriminates the union.
// `never` rather than `undefined` keeps a leaf assignable to a node type
// whose `content` is an array under exactOptionalPropertyTypes.
const BODY = `
/** A rich-text field's value: \`content\` is always sent (Storyblok's OpenAPI description; an empty field holds one empty paragraph). */
export type RichTextDoc<B> = { type: "doc"; content: RichTextNode<B>[] };

export type TextNode = { type: "text"; text: string; marks?: RichTextMark[]; content?: never };

export type ParagraphNode<B> = {
  type: "paragraph";
  attrs?: { textAlign?: string | null };
  content?: RichTextNode<B>[];
};

export type HeadingNode<B> = {
  type: "heading";
  attrs: { level: 1 | 2 | 3 | 4 | 5 | 6; textAlign?: string | null };
  content?: RichTextNode<B>[];
};

export type BlockquoteNode<B> = { type: "blockquote"; content?: RichTextNode<B>[] };

export type BulletListNode<B> = { type: "bullet_list"; content?: RichTextNode<B>[] };

export type OrderedListNode<B> = { type: "ordered_list"; attrs?: { order?: number }; content?: RichTextNode<B>[] };

export type ListItemNode<B> = { type: "list_item"; content?: RichTextNode<B>[] };

export type CodeBlockNode = { type: "code_block"; attrs?: { class: string | null }; content?: TextNode[] };

export type HorizontalRuleNode = { type: "horizontal_rule"; content?: never };

export type HardBreakNode = { type: "hard_break"; marks?: RichTextMark[]; content?: never };

export type ImageNode = {
  type: "image";
  attrs: {
    src: string;
    alt?: string | null;
    title?: string | null;
    copyright?: string | null;
    source?: string | null;
    id?: number | null;
    meta_data?: Record<string, string> | null;
  };
  marks?: RichTextMark[];
  content?: never;
};

export type EmojiNode = {
  type: "emoji";
  attrs: { name: string; emoji: string | null; fallbackImage?: string | null };
  content?: never;
};

/** Blocks embedded in rich text; \`body\` holds the blocks this field's whitelist allows. */
export type BlokNode<B> = { type: "blok"; attrs: { id?: string; body: B[] }; content?: never };

type TableCellAttrs = {
  colspan?: number;
  rowspan?: number;
  colwidth?: number[] | null;
  backgroundColor?: string | null;
};

export type TableNode<B> = { type: "table"; content?: TableRowNode<B>[] };

export type TableRowNode<B> = { type: "tableRow"; content?: (TableCellNode<B> | TableHeaderNode<B>)[] };

export type TableCellNode<B> = { type: "tableCell"; attrs?: TableCellAttrs; content?: RichTextNode<B>[] };

export type TableHeaderNode<B> = { type: "tableHeader"; attrs?: TableCellAttrs; content?: RichTextNode<B>[] };

/** Every node, discriminated on \`type\`: switch over it exhaustively. */
export type RichTextNode<B> =
  | RichTextDoc<B>
  | TextNode
  | ParagraphNode<B>
  | HeadingNode<B>
  | BlockquoteNode<B>
  | BulletListNode<B>
  | OrderedListNode<B>
  | ListItemNode<B>
  | CodeBlockNode
  | HorizontalRuleNode
  | HardBreakNode
  | ImageNode
  | EmojiNode
  | BlokNode<B>
  | TableNode<B>
  | TableRowNode<B>
  | TableCellNode<B>
  | TableHeaderNode<B>;

export type BoldMark = { type: "bold" };
export type StrongMark = { type: "strong" };
export type StrikeMark = { type: "strike" };
export type UnderlineMark = { type: "underline" };
export type ItalicMark = { type: "italic" };
export type CodeMark = { type: "code" };
export type SuperscriptMark = { type: "superscript" };
export type SubscriptMark = { type: "subscript" };

export type LinkMark = {
  type: "link";
  attrs: {
    href: string | null;
    uuid: string | null;
    anchor: string | null;
    target: "_blank" | "_self" | null;
    linktype: "story" | "url" | "email" | "asset" | null;
    custom?: Record<string, string>;
  };
};

export type AnchorMark = { type: "anchor"; attrs: { id: string } };

export type StyledMark = { type: "styled"; attrs: { class: string } };

export type TextStyleMark = { type: "textStyle"; attrs: { color?: string | null } };

export type HighlightMark = { type: "highlight"; attrs: { color: string | null } };

/** Every mark, discriminated on \`type\`. */
export type RichTextMark =
  | BoldMark
  | StrongMark
  | StrikeMark
  | UnderlineMark
  | ItalicMark
  | CodeMark
  | SuperscriptMark
  | SubscriptMark
  | LinkMark
  | AnchorMark
  | StyledMark
  | TextStyleMark
  | HighlightMark;

/**
 * A document for code typed with an SDK's rich-text document (\`SbRichTextDoc\`
 * of @storyblok/react and @storyblok/js, what \`renderRichText\` and
 * \`StoryblokRichText\` take): \`const sdkDoc: SbRichTextDoc = richTextForSdk(doc)\`.
 * Below the root their node types ask for what content Storyblok delivers does
 * not always hold (a blok node's \`id\`, a highlight's non-null \`color\`, the
 * attributes the editor added later; the \`strong\` mark of older content),
 * and their renderers read it all the same. Only a generated document goes in,
 * only a document type comes out, and the value is passed on unchanged.
 */
export function richTextForSdk<SdkDoc extends { type: "doc"; content: unknown[] }>(doc: RichTextDoc<unknown>): SdkDoc {
  return doc as unknown as SdkDoc;
}
`;

export function richTextFile(header: string): GeneratedFile {
  return { path: "richtext.ts", contents: header + BODY };
}
