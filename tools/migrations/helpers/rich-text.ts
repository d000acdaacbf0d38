/**
 * Text ↔ rich text. The documents built here use only `doc`, `paragraph`,
 * `text` and `hard_break`, so they are a value of any field's generated
 * `RichTextDoc<…>` whatever blocks it allows.
 */

type TextLeaf = { type: "text"; text: string };
type HardBreak = { type: "hard_break" };
type Paragraph = { type: "paragraph"; content?: (TextLeaf | HardBreak)[] };
export type PlainRichText = { type: "doc"; content: Paragraph[] };

/** What richTextToText reads: any rich-text document. */
export type RichTextLike = { type: "doc"; content?: readonly unknown[] };

/** Paragraphs at blank lines, hard breaks at single line breaks (\n, \r\n or \r). `undefined` stays undefined (an optional field left empty). */
export function textToRichText(text: string): PlainRichText;
export function textToRichText(text: string | undefined): PlainRichText | undefined;
export function textToRichText(text: string | undefined): PlainRichText | undefined {
  if (text === undefined) return undefined;
  // Every line-break style as one: \r\n (Windows, and what browsers submit), \n, and a lone \r (old Mac
  // files, some pastes), so "a\r\rb" and "a\n\rb" are paragraph breaks as "a\n\nb" is, and no \r is left in a text node.
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
  return {
    type: "doc",
    content: paragraphs.map((paragraph) => ({
      type: "paragraph",
      content: paragraph
        .split("\n")
        .flatMap((line, index): (TextLeaf | HardBreak)[] => [
          ...(index > 0 ? [{ type: "hard_break" } as const] : []),
          ...(line === "" ? [] : [{ type: "text", text: line } as const]),
        ]),
    })),
  };
}

/** Blocks that start a new paragraph in the text. */
const BLOCK_NODES = new Set(["paragraph", "heading", "blockquote", "list_item", "code_block", "tableCell", "tableHeader"]);

/**
 * The document's words: text nodes, line breaks for hard breaks, a blank
 * line between paragraphs, headings and list items. Marks (links, bold) and
 * embedded blocks are dropped. `undefined` stays undefined.
 */
export function richTextToText(doc: RichTextLike): string;
export function richTextToText(doc: RichTextLike | undefined): string | undefined;
export function richTextToText(doc: RichTextLike | undefined): string | undefined {
  if (doc === undefined) return undefined;
  const paragraphs: string[] = [];
  let current = "";
  const flush = () => {
    if (current.trim() !== "") paragraphs.push(current.trim());
    current = "";
  };
  // An explicit stack, so a document nested thousands deep cannot overflow the call stack.
  const stack: unknown[] = [...(doc.content ?? [])].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === FLUSH) {
      flush();
      continue;
    }
    if (typeof node !== "object" || node === null) continue;
    const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown };
    if (type === "text" && typeof text === "string") current += text;
    else if (type === "hard_break") current += "\n";
    if (type === "blok" || !Array.isArray(content)) continue;
    if (BLOCK_NODES.has(String(type))) {
      flush();
      stack.push(FLUSH);
    }
    for (let i = content.length - 1; i >= 0; i -= 1) stack.push(content[i]);
  }
  flush();
  return paragraphs.join("\n\n");
}

const FLUSH = Symbol("end of a paragraph");
