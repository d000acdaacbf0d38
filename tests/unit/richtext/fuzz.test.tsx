/**
 * Fuzzing the renderer: seeded random documents and mutations of the
 * differential corpus (wrong types everywhere, deep nesting, hostile
 * strings). Reproducible: a failure prints its seed and case number; set
 * RICHTEXT_FUZZ_SEED to replay another run. Every case must render without
 * throwing, and the HTML may hold only allowed elements and attributes.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { Window, type Element } from "happy-dom";
import { describe, expect, it, vi } from "vitest";
import type { RichTextDoc } from "../../../src/generated";
import { RichText } from "../../../src/richtext/RichText";
import { ownCases, referenceCases } from "./corpus";

const SEED = Number(process.env.RICHTEXT_FUZZ_SEED ?? 20261123);
const CASES = 3000;

/** mulberry32: a small seeded generator, so every run sees the same documents. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NODE_TYPES = [
  "doc",
  "text",
  "paragraph",
  "heading",
  "blockquote",
  "bullet_list",
  "ordered_list",
  "list_item",
  "code_block",
  "horizontal_rule",
  "hard_break",
  "image",
  "emoji",
  "blok",
  "table",
  "tableRow",
  "tableCell",
  "tableHeader",
  "script",
  "__proto__",
  "constructor",
  "iframe",
];
const MARK_TYPES = [
  "bold",
  "strong",
  "italic",
  "strike",
  "underline",
  "code",
  "superscript",
  "subscript",
  "link",
  "anchor",
  "styled",
  "textStyle",
  "highlight",
  "onclick",
  "toString",
];
const ATTR_KEYS = [
  "level",
  "textAlign",
  "dir",
  "order",
  "class",
  "src",
  "alt",
  "title",
  "name",
  "emoji",
  "body",
  "colspan",
  "rowspan",
  "colwidth",
  "backgroundColor",
  "href",
  "linktype",
  "target",
  "anchor",
  "custom",
  "id",
  "color",
  "onclick",
  "style",
  "onerror",
  "srcdoc",
];
const HOSTILE = [
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "java\nscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/\\evil.com",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "7 onclick=alert(1)",
  "url(https://t.example)",
  "expression(alert(1))",
  "_top",
  "onload",
  "#",
  "",
  "center",
  "rtl",
  "story",
  "email",
  "url",
  "_blank",
  "https://ok.example/a",
];

type Rand = () => number;
const pick = <T,>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function junk(rand: Rand, depth: number): unknown {
  switch (Math.floor(rand() * 10)) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return Math.floor(rand() * 200) - 100 + (rand() < 0.2 ? 0.5 : 0);
    case 3:
      return rand() < 0.5;
    case 4:
      return depth > 3 ? [] : Array.from({ length: Math.floor(rand() * 3) }, () => junk(rand, depth + 1));
    case 5:
      return depth > 3
        ? {}
        : Object.fromEntries(Array.from({ length: Math.floor(rand() * 3) }, () => [pick(rand, ATTR_KEYS), junk(rand, depth + 1)]));
    default:
      return pick(rand, HOSTILE);
  }
}

function randomMark(rand: Rand): unknown {
  if (rand() < 0.1) return junk(rand, 0);
  const attrs =
    rand() < 0.15
      ? junk(rand, 1)
      : Object.fromEntries(Array.from({ length: Math.floor(rand() * 5) }, () => [pick(rand, ATTR_KEYS), junk(rand, 1)]));
  return { type: pick(rand, MARK_TYPES), attrs };
}

function randomNode(rand: Rand, depth: number): unknown {
  if (rand() < 0.05) return junk(rand, 0);
  const node: Record<string, unknown> = { type: pick(rand, NODE_TYPES) };
  if (rand() < 0.7)
    node.attrs =
      rand() < 0.15
        ? junk(rand, 1)
        : Object.fromEntries(Array.from({ length: Math.floor(rand() * 5) }, () => [pick(rand, ATTR_KEYS), junk(rand, 1)]));
  if (node.type === "text" || rand() < 0.1) node.text = rand() < 0.8 ? pick(rand, HOSTILE) : junk(rand, 1);
  if (rand() < 0.4) node.marks = rand() < 0.15 ? junk(rand, 1) : Array.from({ length: Math.floor(rand() * 4) }, () => randomMark(rand));
  if (node.type === "blok" && rand() < 0.7)
    node.attrs = { body: rand() < 0.5 ? [{ component: pick(rand, HOSTILE) }, junk(rand, 1)] : junk(rand, 1) };
  if (depth < 6 && rand() < 0.6)
    node.content = rand() < 0.1 ? junk(rand, 1) : Array.from({ length: Math.floor(rand() * 4) }, () => randomNode(rand, depth + 1));
  return node;
}

/** A chain of `depth` nodes of random kinds around a text. */
function deepChain(rand: Rand, depth: number): unknown {
  let node: unknown = { type: "text", text: "bottom", marks: [{ type: "link", attrs: { href: pick(rand, HOSTILE) } }] };
  for (let i = 0; i < depth; i += 1) node = { type: pick(rand, NODE_TYPES), content: [node] };
  return node;
}

/** A copy of a valid document with a few values replaced by junk. */
function mutate(rand: Rand, value: unknown, rate: number): unknown {
  if (rand() < rate) return junk(rand, 0);
  if (Array.isArray(value)) return value.map((item) => mutate(rand, item, rate));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mutate(rand, item, rate)]));
}

function documentFor(rand: Rand, index: number): unknown {
  const corpus = [...referenceCases, ...ownCases];
  switch (index % 4) {
    case 0:
      return { type: "doc", content: Array.from({ length: 1 + Math.floor(rand() * 4) }, () => randomNode(rand, 0)) };
    case 1:
      return mutate(rand, corpus[index % corpus.length]!.doc, 0.15);
    case 2:
      return { type: "doc", content: [deepChain(rand, index % 20 === 2 ? 3000 : Math.floor(rand() * 150))] };
    default:
      return rand() < 0.1 ? junk(rand, 0) : { type: "doc", content: [mutate(rand, randomNode(rand, 0), 0.1)] };
  }
}

const TAGS = new Set([
  "div",
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "ul",
  "ol",
  "li",
  "pre",
  "code",
  "hr",
  "br",
  "img",
  "span",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "a",
  "strong",
  "em",
  "s",
  "u",
  "sup",
  "sub",
  "mark",
  "i",
]);
const ATTRIBUTES = new Set([
  "class",
  "style",
  "dir",
  "start",
  "tabindex",
  "colspan",
  "rowspan",
  "href",
  "target",
  "rel",
  "title",
  "hreflang",
  "lang",
  "aria-label",
  "id",
  "src",
  "alt",
  "width",
  "height",
  "loading",
  "decoding",
  "data-name",
  "data-emoji",
  "role",
  "data-blok",
]);
const STYLE_PROPERTIES = new Set(["text-align", "color", "background-color", "width"]);
const UNSAFE_URL = /^\s*(javascript|data|vbscript):/i;
const window = new Window();

/** What in the HTML is outside the allow-lists; an empty list means clean. */
function violations(html: string): string[] {
  const template = window.document.createElement("template");
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of Array.from(template.content.querySelectorAll("*")) as Element[]) {
    const tag = element.tagName.toLowerCase();
    if (!TAGS.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (!ATTRIBUTES.has(name)) found.push(`${tag}[${name}]`);
      if ((name === "href" || name === "src") && UNSAFE_URL.test((value ?? "").replace(/[\u0000-\u0020]/g, "")))
        found.push(`${tag}[${name}=${value}]`);
      if (name === "style") {
        for (const rule of (value ?? "").split(";").filter((r) => r.trim())) {
          const property = rule.slice(0, rule.indexOf(":")).trim();
          if (!STYLE_PROPERTIES.has(property) || /url\(|expression/i.test(rule)) found.push(`${tag}[style=${rule}]`);
        }
      }
    }
  }
  return found;
}

describe(`rich-text fuzz (seed ${SEED}, ${CASES} documents)`, () => {
  it("never throws and writes only allowed elements, attributes and URLs", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const rand = random(SEED);
    const failures: string[] = [];
    let rendered = 0;
    for (let index = 0; index < CASES && failures.length < 5; index += 1) {
      const doc = documentFor(rand, index) as RichTextDoc<{ component: unknown }>;
      try {
        const html = renderToStaticMarkup(<RichText doc={doc} renderBlok={(blok) => <i data-blok={String(blok.component)} />} />);
        if (html) rendered += 1;
        const bad = violations(html);
        if (bad.length > 0) failures.push(`case ${index}: ${bad.join(", ")} in ${html.slice(0, 300)}`);
      } catch (error) {
        failures.push(`case ${index} threw: ${String(error)}`);
      }
    }
    vi.restoreAllMocks();
    expect(failures).toEqual([]);
    // The generator must reach the renderer: most documents render something.
    expect(rendered).toBeGreaterThan(CASES / 3);
  });

  it("catches what it is meant to catch", () => {
    expect(violations('<a href="javascript:alert(1)" onclick="x">a</a><script></script><p style="background: url(x)"></p>')).toEqual([
      "a[href=javascript:alert(1)]",
      "a[onclick]",
      "<script>",
      "p[style=background: url(x)]",
    ]);
  });
});
