import { describe, expect, it } from "vitest";
import { COMPILER_OPTIONS, compile, run, withConsumer, type RawComponent } from "./helpers";

/**
 * Leaf rich-text nodes (text, hard_break, horizontal_rule, image, emoji, blok)
 * declare `content?: never`: a generic walk over the node union compiles, as it
 * does against the SDK's node type (luba-web reads
 * `doc.content?.[0]?.content`), while `type` still discriminates the union, an
 * exhaustive switch still proves itself, and a leaf's `content` is no array.
 */
const SCHEMA: RawComponent[] = [
  {
    name: "project",
    is_root: true,
    schema: { description: { type: "richtext" }, body: { type: "richtext", restrict_components: true, component_whitelist: ["quote"] } },
  },
  { name: "quote", is_nestable: true, schema: { text: { type: "text" } } },
];

const IMPORTS = `import type { ProjectBlok, RichTextDoc, RichTextNode, QuoteBlok } from "./generated";\n`;

/** exactOptionalPropertyTypes on top of the project's strictness: the case `never` (not `undefined`) is for. */
const EXACT_OPTIONAL = { ...COMPILER_OPTIONS, exactOptionalPropertyTypes: true };

type Case = { name: string; code: string; errors: RegExp[]; options?: typeof COMPILER_OPTIONS };

const CASES: Case[] = [
  {
    name: "a generic walk reads the first node's content on any node",
    code: `export const notEmpty = (blok: ProjectBlok): boolean =>
  blok.description ? (blok.description.content.length === 1 ? blok.description.content[0]?.content !== undefined : true) : false;`,
    errors: [],
  },
  {
    name: "a recursive walk needs no cast: every node's content is nodes or undefined",
    code: `export function texts(nodes: readonly RichTextNode<QuoteBlok>[] | undefined): string[] {
  return (nodes ?? []).flatMap((node) => (node.type === "text" ? [node.text] : texts(node.content)));
}`,
    errors: [],
  },
  {
    name: "an exhaustive switch over type still proves itself",
    code: `export function kind(node: RichTextNode<QuoteBlok>): string {
  switch (node.type) {
    case "doc": case "paragraph": case "heading": case "blockquote": case "bullet_list": case "ordered_list":
    case "list_item": case "code_block": case "table": case "tableRow": case "tableCell": case "tableHeader":
      return "branch";
    case "text": return node.text;
    case "hard_break": case "horizontal_rule": case "emoji": return "leaf";
    case "image": return node.attrs.src;
    case "blok": return node.attrs.body.map((quote) => quote.component).join();
    default: { const unreachable: never = node; return unreachable; }
  }
}`,
    errors: [],
  },
  {
    name: "a switch that misses a node type fails",
    code: `export function kind(node: RichTextNode<never>): string {
  switch (node.type) {
    case "text": return node.text;
    default: { const unreachable: never = node; return unreachable; }
  }
}`,
    errors: [/Type '.*Node.*' is not assignable to type 'never'/],
  },
  {
    name: "a leaf's content is never an array",
    code: `export function count(node: RichTextNode<never>): number {
  return node.type === "text" ? node.content.length : 0;
}`,
    errors: [/'node\.content' is possibly 'undefined'/],
  },
  {
    name: "a leaf built without content, and one with content, as written by hand",
    code: `export const doc: RichTextDoc<never> = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "a" }, { type: "hard_break" }] }] };
export const bad: RichTextDoc<never> = { type: "doc", content: [{ type: "text", text: "a", content: [] }] };`,
    errors: [/Type 'never\[\]' is not assignable to type 'undefined'/],
  },
  {
    name: "under exactOptionalPropertyTypes the document is a walker's tree of optional arrays",
    code: `type Walkable = { type: string; content?: Walkable[] };
export const walkable = (doc: RichTextDoc<QuoteBlok>): Walkable => doc;
export const depth = (node: Walkable): number => 1 + Math.max(0, ...(node.content ?? []).map(depth));
export const ofProject = (blok: ProjectBlok): number => (blok.body ? depth(blok.body) : 0);`,
    errors: [],
    options: EXACT_OPTIONAL,
  },
];

describe("rich-text leaf nodes in the generated node union", () => {
  const generated = run(SCHEMA);

  it("every leaf node type says it has no content, and branch nodes keep theirs", () => {
    const richtext = generated.files.find((file) => file.path === "richtext.ts")?.contents ?? "";
    for (const leaf of ["TextNode", "HorizontalRuleNode", "HardBreakNode", "ImageNode", "EmojiNode", "BlokNode<B>"]) {
      const start = richtext.indexOf(`export type ${leaf} = {`);
      expect(start, leaf).toBeGreaterThanOrEqual(0);
      expect(richtext.slice(start, richtext.indexOf("\nexport type", start)), leaf).toContain("content?: never");
    }
    expect(richtext).toContain(
      'export type ParagraphNode<B> = {\n  type: "paragraph";\n  attrs?: { textAlign?: string | null };\n  content?: RichTextNode<B>[];',
    );
  });

  it.each(CASES)("$name", ({ code, errors, options }) => {
    const found = compile(withConsumer(generated, IMPORTS + code), undefined, options);
    expect(found).toHaveLength(errors.length);
    errors.forEach((pattern, index) => expect(found[index]).toMatch(pattern));
  });
});
