/**
 * Valid rich-text documents for the differential test: @storyblok/richtext's
 * own reference cases (its test-utils: the inputs it renders in its tests),
 * a document recorded from Storyblok (monoblok's richTextObject.json), and
 * cases for each behaviour the issue names that the reference set covers
 * thinly (link runs, mark order, tables, images, emoji, code blocks, unknown
 * nodes).
 */
import { readFileSync } from "node:fs";
import { allFixtures, customRendererFixture } from "@storyblok/richtext/test-utils";
import type { RichTextDoc, RichTextMark, RichTextNode } from "../../../src/generated";

/** What embedded blocks are in these documents: the test renders them the same way on both sides. */
export interface TestBlok {
  component: string;
  _uid?: string;
}

export interface Case {
  title: string;
  doc: RichTextDoc<TestBlok>;
}

const asDoc = (input: unknown): RichTextDoc<TestBlok> => {
  if (Array.isArray(input)) return { type: "doc", content: input as RichTextNode<TestBlok>[] };
  const node = input as RichTextNode<TestBlok>;
  return node.type === "doc" ? node : { type: "doc", content: [node] };
};

const recorded = JSON.parse(
  readFileSync(new URL("../../fixtures/cdn/monoblok-js/richTextObject.json", import.meta.url), "utf8"),
) as unknown;

export const referenceCases: Case[] = [
  ...allFixtures.map((fixture) => ({ title: `storyblok: ${fixture.title}`, doc: asDoc(fixture.input) })),
  ...Object.entries(customRendererFixture).map(([name, fixture]) => ({
    title: `storyblok custom-renderer input: ${name}`,
    doc: asDoc(fixture.input),
  })),
  { title: "recorded: monoblok richTextObject.json", doc: asDoc(recorded) },
];

const text = (value: string, marks?: RichTextMark[]): RichTextNode<TestBlok> => ({ type: "text", text: value, ...(marks && { marks }) });
const p = (...content: RichTextNode<TestBlok>[]): RichTextNode<TestBlok> => ({ type: "paragraph", content });
const link = (href: string, extra: Partial<Extract<RichTextMark, { type: "link" }>["attrs"]> = {}): RichTextMark => ({
  type: "link",
  attrs: { href, uuid: null, anchor: null, target: null, linktype: "url", ...extra },
});
const cell = (type: "tableCell" | "tableHeader", value: string, attrs: Record<string, unknown> = {}): RichTextNode<TestBlok> =>
  ({ type, attrs: { colspan: 1, rowspan: 1, colwidth: null, ...attrs }, content: [p(text(value))] }) as RichTextNode<TestBlok>;
const row = (...cells: RichTextNode<TestBlok>[]): RichTextNode<TestBlok> => ({ type: "tableRow", content: cells as never });

export const ownCases: Case[] = [
  {
    title: "link run: three nodes, one link, bold in the middle",
    doc: asDoc(p(text("a ", [link("/x")]), text("b", [link("/x"), { type: "bold" }]), text(" c", [link("/x")]))),
  },
  {
    title: "link run: same href, different target splits",
    doc: asDoc(p(text("a", [link("/x")]), text("b", [link("/x", { target: "_blank" })]))),
  },
  {
    title: "link run: broken by plain text",
    doc: asDoc(p(text("a", [link("https://a.example")]), text(" and "), text("b", [link("https://a.example")]))),
  },
  { title: "mark order: link around sup", doc: asDoc(p(text("1", [{ type: "superscript" }, link("/notes")]))) },
  { title: "mark order: link listed first still outermost", doc: asDoc(p(text("x", [link("/y"), { type: "italic" }, { type: "bold" }]))) },
  {
    title: "link: story with anchor",
    doc: asDoc(p(text("go", [link("/projects/atlas", { linktype: "story", anchor: "result", uuid: "u-1" })]))),
  },
  { title: "link: story anchor only", doc: asDoc(p(text("up", [link("", { linktype: "story", anchor: "top" })]))) },
  { title: "link: email with mailto already", doc: asDoc(p(text("mail", [link("mailto:a@b.co", { linktype: "email" })]))) },
  {
    title: "link: custom title and hreflang",
    doc: asDoc(p(text("t", [link("https://e.example", { custom: { title: "Example", hreflang: "de" } })]))),
  },
  { title: "link: target _self", doc: asDoc(p(text("s", [link("https://e.example", { target: "_self" })]))) },
  { title: "link: asset", doc: asDoc(p(text("cv", [link("https://a.storyblok.com/f/1/cv.pdf", { linktype: "asset" })]))) },
  { title: "link: story slug without a leading slash", doc: asDoc(p(text("a", [link("projects/atlas", { linktype: "story" })]))) },
  { title: "link: the home story", doc: asDoc(p(text("home", [link("home", { linktype: "story" })]))) },
  { title: "mark: strong (the editor's older name for bold)", doc: asDoc(p(text("s", [{ type: "strong" }]))) },
  { title: "link: relative path", doc: asDoc(p(text("r", [link("about")]))) },
  {
    title: "table: two header rows, body, spans, widths, colours",
    doc: asDoc({
      type: "table",
      content: [
        row(cell("tableHeader", "A", { colwidth: [120] }), cell("tableHeader", "B")),
        row(cell("tableHeader", "C"), cell("tableHeader", "D")),
        row(cell("tableCell", "1", { colspan: 2, backgroundColor: "#ffeedd", colwidth: [80, 40] })),
        row(cell("tableCell", "2", { rowspan: 3 }), cell("tableCell", "3", { colwidth: [null] })),
      ],
    } as RichTextNode<TestBlok>),
  },
  {
    title: "table: header cells after the first row stay in tbody",
    doc: asDoc({ type: "table", content: [row(cell("tableCell", "x")), row(cell("tableHeader", "h"))] } as RichTextNode<TestBlok>),
  },
  {
    title: "table: a row mixing header and body cells",
    doc: asDoc({ type: "table", content: [row(cell("tableHeader", "h"), cell("tableCell", "c"))] } as RichTextNode<TestBlok>),
  },
  {
    title: "image: alt and title, asset metadata dropped",
    doc: asDoc({
      type: "image",
      attrs: {
        id: 9,
        src: "https://a.storyblok.com/f/1/800x600/abc/pic.jpg",
        alt: "A pier",
        title: "Pier",
        copyright: "me",
        source: "x",
        meta_data: {},
      },
    }),
  },
  {
    title: "image without alt text",
    doc: asDoc({ type: "image", attrs: { src: "https://a.storyblok.com/f/1/pic.png", alt: null, title: null } }),
  },
  {
    title: "emoji with its character",
    doc: asDoc(p(text("hi "), { type: "emoji", attrs: { name: "wave", emoji: "👋", fallbackImage: "https://e.example/wave.png" } })),
  },
  {
    title: "code block: language class, escaped text",
    doc: asDoc({ type: "code_block", attrs: { class: "language-tsx" }, content: [{ type: "text", text: "const a = <b>1</b>;" }] }),
  },
  {
    title: "unknown node keeps its children",
    doc: asDoc({ type: "details", content: [p(text("inside"))] } as unknown as RichTextNode<TestBlok>),
  },
  { title: "unknown mark keeps its text", doc: asDoc(p(text("plain", [{ type: "sparkle" } as unknown as RichTextMark]))) },
  {
    title: "alignment on paragraph and heading",
    doc: asDoc([
      p(text("l")),
      { type: "paragraph", attrs: { textAlign: "justify" }, content: [text("j")] },
      { type: "heading", attrs: { level: 5, textAlign: "right" }, content: [text("h")] },
    ]),
  },
  {
    title: "text style, highlight, anchor, styled",
    doc: asDoc(
      p(
        text("c", [
          { type: "textStyle", attrs: { color: "#336699" } },
          { type: "highlight", attrs: { color: "yellow" } },
          { type: "anchor", attrs: { id: "here" } },
          { type: "styled", attrs: { class: "lead big" } },
        ]),
      ),
    ),
  },
  {
    title: "text style with id and class",
    doc: asDoc(p(text("t", [{ type: "textStyle", attrs: { color: null, id: "note-1", class: "small caps" } } as unknown as RichTextMark]))),
  },
  {
    title: "ordered list from 3, nested bullet list",
    doc: asDoc({
      type: "ordered_list",
      attrs: { order: 3 },
      content: [
        { type: "list_item", content: [p(text("a")), { type: "bullet_list", content: [{ type: "list_item", content: [p(text("b"))] }] }] },
      ],
    }),
  },
  {
    title: "blockquote, rule, hard break",
    doc: asDoc([{ type: "blockquote", content: [p(text("q"), { type: "hard_break" }, text("r"))] }, { type: "horizontal_rule" }]),
  },
  {
    title: "embedded blocks",
    doc: asDoc([
      p(text("before")),
      {
        type: "blok",
        attrs: {
          id: "b1",
          body: [
            { component: "teaser", _uid: "1" },
            { component: "card", _uid: "2" },
          ],
        },
      },
    ]),
  },
  {
    title: "escaping: markup in text and attributes",
    doc: asDoc(p(text('<script>alert(1)</script> & "q"', [link('https://e.example/?a=1&b="2"', { custom: { title: "<b>'x'</b>" } })]))),
  },
];
