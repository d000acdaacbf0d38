/**
 * Untrusted rich text: values of any type where the generated types promise
 * one, as an API client, a migration or an attacker can store them. None may
 * throw, and each renders the documented fallback. The last block compares
 * the deliberately safer cases with @storyblok/richtext's own output.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RichTextDoc } from "../../../src/generated";
import { RichText } from "../../../src/richtext/RichText";
import { RICH_TEXT_MAX_DEPTH } from "../../../src/validation/rich-text-values";
import { canonicalHtml } from "./html-tree";
import { OUR_ADDITIONS, renderTheirs } from "./render-both";

type Doc = RichTextDoc<{ component: string }>;
const doc = (...content: unknown[]) => ({ type: "doc", content }) as Doc;
const render = (value: Doc) => renderToStaticMarkup(<RichText doc={value} renderBlok={(blok) => <i>{String(blok.component)}</i>} />);
const ours = (value: Doc) => canonicalHtml(render(value), Object.values(OUR_ADDITIONS));
const heading = (level: unknown) => doc({ type: "heading", attrs: { level }, content: [{ type: "text", text: "T" }] });
const linked = (attrs: unknown) => doc({ type: "paragraph", content: [{ type: "text", text: "go", marks: [{ type: "link", attrs }] }] });
const nested = (depth: number) => {
  let node: unknown = { type: "text", text: "deep" };
  for (let i = 0; i < depth; i += 1) node = { type: i % 2 ? "blockquote" : "bullet_list", content: [node] };
  return doc(node);
};

afterEach(() => vi.restoreAllMocks());

describe("heading levels from any value", () => {
  it.each<[unknown, string]>([
    [0, "h1"],
    [-1, "h1"],
    [99, "h6"],
    [null, "h1"],
    [undefined, "h1"],
    ["3", "h1"],
    ["7 onclick=alert(1)", "h1"],
    [2.7, "h2"],
    [Number.NaN, "h1"],
    [{ valueOf: 3 }, "h1"],
  ])("%j renders <%s>", (level, tag) => {
    expect(ours(heading(level))).toBe(`<${tag}>T</${tag}>`);
  });
});

describe("malformed documents render what they can and never throw", () => {
  it.each<[string, Doc, string]>([
    ["a null node", doc(null, { type: "paragraph", content: [{ type: "text", text: "ok" }] }), "<p>ok</p>"],
    ["a node without type", doc({ content: [{ type: "text", text: "x" }] }, { type: 7 }), ""],
    [
      "content as a string",
      doc({ type: "paragraph", content: "x" }, { type: "paragraph", content: [{ type: "text", text: "y" }] }),
      "<p></p><p>y</p>",
    ],
    ["content as an object", doc({ type: "bullet_list", content: { 0: { type: "list_item" } } }), "<ul></ul>"],
    ["marks as an object", doc({ type: "text", text: "m", marks: { type: "bold" } }), "m"],
    ["a mark that is null or has no type", doc({ type: "text", text: "m", marks: [null, 3, {}, { type: "italic" }] }), "<em>m</em>"],
    ["a heading without attrs", doc({ type: "heading", content: [{ type: "text", text: "h" }] }), "<h1>h</h1>"],
    ["attrs as a string", doc({ type: "ordered_list", attrs: "start=9", content: [] }), "<ol></ol>"],
    [
      "text that is not a string",
      doc({ type: "paragraph", content: [{ type: "text", text: 42 }, { type: "text" }, { type: "text", text: "ok" }] }),
      "<p>ok</p>",
    ],
    ["a link mark without attrs", linked(undefined), "<p>go</p>"],
    ["a link with a number href", linked({ href: 42, linktype: "url" }), "<p>go</p>"],
    ["a link with an object href", linked({ href: { toString: "javascript:alert(1)" }, linktype: "url" }), "<p>go</p>"],
    ["a link with an array of custom attributes", linked({ href: "/a", custom: ["onclick"] }), '<p><a href="/a">go</a></p>'],
    [
      "a blok node with body null",
      doc({ type: "blok", attrs: { body: null } }, { type: "paragraph", content: [{ type: "text", text: "after" }] }),
      "<p>after</p>",
    ],
    ["a blok node without attrs", doc({ type: "blok" }), ""],
    ["blocks that are not objects", doc({ type: "blok", attrs: { body: [null, "x", { component: "card" }] } }), "<i>card</i>"],
    ["an image with a number src", doc({ type: "image", attrs: { src: 5, alt: {} } }), ""],
    ["an emoji with an object name", doc({ type: "emoji", attrs: { name: {}, emoji: 1 } }), "<span></span>"],
    [
      "table rows that are not rows",
      doc({ type: "table", content: [null, "row", { type: "tableRow", content: [{ type: "tableHeader", attrs: { colspan: "2" } }] }] }),
      "<table><tbody><tr><th></th></tr></tbody></table>",
    ],
    [
      "cell attributes of the wrong type",
      doc({ type: "tableCell", attrs: { colspan: 0, rowspan: -2, colwidth: "100", backgroundColor: "url(https://t.example)" } }),
      "<td></td>",
    ],
    [
      "keys inherited from Object.prototype",
      doc({ type: "toString", content: [{ type: "constructor", content: [{ type: "text", text: "kept" }] }] }),
      "kept",
    ],
  ])("%s", (_name, value, want) => {
    expect(ours(value)).toBe(want);
  });

  it("keeps the children of nodes it does not know", () => {
    expect(
      ours(
        doc({ type: "callout", attrs: { kind: "warn" }, content: [{ type: "paragraph", content: [{ type: "text", text: "inside" }] }] }),
      ),
    ).toBe("<p>inside</p>");
  });
});

describe("attributes only from allow-lists", () => {
  it("drops event handlers, style and href overrides from custom link attributes, keeps the allowed ones", () => {
    const html = render(
      linked({
        href: "https://e.example",
        linktype: "url",
        custom: { onclick: "alert(1)", style: "position:fixed", href: "javascript:alert(1)", title: "Hi", rel: "nofollow", lang: "de" },
      }),
    );
    expect(
      ours(
        linked({
          href: "https://e.example",
          linktype: "url",
          custom: { onclick: "alert(1)", style: "x", href: "javascript:alert(1)", title: "Hi", rel: "nofollow", lang: "de" },
        }),
      ),
    ).toBe('<p><a href="https://e.example" lang="de" rel="nofollow" title="Hi">go</a></p>');
    expect(html).not.toMatch(/onclick|javascript|position/);
  });

  it("keeps noopener on a new tab whatever rel the author wrote", () => {
    expect(render(linked({ href: "https://e.example", target: "_blank", custom: { rel: "nofollow" } }))).toContain(
      'rel="noopener noreferrer nofollow"',
    );
  });

  it.each([
    "javascript:alert(1)",
    " JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:x",
  ])("drops the link %j", (href) => {
    expect(ours(linked({ href, linktype: "url" }))).toBe("<p>go</p>");
  });

  it("drops unknown targets, ids with spaces, class names with markup, colours that load resources", () => {
    expect(ours(linked({ href: "/a", target: "_top" }))).toBe('<p><a href="/a">go</a></p>');
    const marks = [
      { type: "anchor", attrs: { id: "a b" } },
      { type: "styled", attrs: { class: '"><script>' } },
      { type: "textStyle", attrs: { color: "url(https://t.example/x)" } },
    ];
    expect(ours(doc({ type: "text", text: "x", marks }))).toBe("<span><span><span>x</span></span></span>");
  });
});

describe("deep nesting", () => {
  it("renders the first levels and leaves out the rest with one warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const html = render(nested(RICH_TEXT_MAX_DEPTH + 5));
    expect(html).not.toContain("deep");
    expect((html.match(/<ul>/g) ?? []).length).toBeGreaterThan(RICH_TEXT_MAX_DEPTH / 2 - 2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`deeper than ${RICH_TEXT_MAX_DEPTH} levels`);
  });

  it("renders nesting up to the limit in full, silently", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(render(nested(RICH_TEXT_MAX_DEPTH - 1))).toContain("deep");
    expect(warn).not.toHaveBeenCalled();
  });

  it("survives nesting far past the point where recursion would overflow", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(() => render(nested(20_000))).not.toThrow();
    const marks = Array.from({ length: 50_000 }, () => ({ type: "bold" }));
    expect(ours(doc({ type: "text", text: "b", marks }))).toMatch(/^(<strong>){16}b/);
  });
});

describe("deliberately safer than @storyblok/richtext", () => {
  // Each row: a hostile value, what Storyblok's renderer writes, what ours writes. docs/richtext.md lists them.
  it.each<[string, Doc, string | RegExp, string]>([
    [
      "javascript: link",
      linked({ href: "javascript:alert(1)", linktype: "url" }),
      '<p><a href="javascript:alert(1)">go</a></p>',
      "<p>go</p>",
    ],
    [
      "event handler as a custom attribute",
      linked({ href: "/a", custom: { onmouseover: "alert(1)" } }),
      '<p><a href="/a" onmouseover="alert(1)">go</a></p>',
      '<p><a href="/a">go</a></p>',
    ],
    [
      "style as a custom attribute",
      linked({ href: "/a", custom: { style: "position:fixed" } }),
      /<a href="\/a" style="[^"]+">go<\/a>/,
      '<p><a href="/a">go</a></p>',
    ],
    ["a link without a destination", linked({ href: null, linktype: "url" }), "<p><a>go</a></p>", "<p>go</p>"],
    [
      "an extra heading attribute",
      doc({ type: "heading", attrs: { level: 2, onclick: "alert(1)" }, content: [{ type: "text", text: "T" }] }),
      '<h2 onclick="alert(1)">T</h2>',
      "<h2>T</h2>",
    ],
    ["a fractional heading level", heading(2.5), "<h2.5>T</h2.5>", "<h2>T</h2>"],
    [
      "a data: image",
      doc({ type: "image", attrs: { src: "data:image/svg+xml,<svg onload=alert(1)>" } }),
      '<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"></img>',
      "",
    ],
    [
      "a header cell's background",
      doc({ type: "tableHeader", attrs: { backgroundColor: "#ff0" }, content: [] }),
      '<th backgroundcolor="#ff0"></th>',
      '<th style="background-color: #ff0"></th>',
    ],
  ])("%s", (_name, value, theirs, mine) => {
    if (typeof theirs === "string") expect(canonicalHtml(renderTheirs(value))).toBe(theirs);
    else expect(canonicalHtml(renderTheirs(value))).toMatch(theirs);
    expect(ours(value)).toBe(mine);
  });
});
