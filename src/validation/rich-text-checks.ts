/**
 * Rich-text values the site would not render as written: each check here is
 * the renderer's own reading of the value (rich-text-values.ts) saying no.
 * `portfolio content validate` reports them (the engine's strict mode), and
 * the data boundary logs them for a story it serves anyway; the renderer
 * falls back (an `<h1>`, a link's text without the link, no style) and
 * never throws.
 */
import { safeHref } from "../security/safe-url";
import type { RichTextChecks } from "../generated/engine";
import {
  cellSpan,
  cellWidth,
  classList,
  elementId,
  isHeadingLevel,
  isRecord,
  LINK_CUSTOM_ATTRIBUTES,
  linkCustomAttributes,
  linkTarget,
  ownAttr,
  RICH_TEXT_MAX_MARKS,
  safeColour,
  textAlign,
  textDirection,
  type Attrs,
} from "./rich-text-values";

const show = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  return typeof value === "number" ? String(value) : typeof value;
};

/** Attributes Storyblok writes as null when unset: only a set value is checked. */
type Check = (value: unknown) => string | undefined;
const set = (attrs: Attrs, key: string, check: Check, problems: string[]) => {
  const value = ownAttr(attrs, key);
  if (value === undefined || value === null) return;
  const problem = check(value);
  if (problem) problems.push(`attrs.${key} ${show(value)} ${problem}`);
};

const ALIGN: Check = (v) => (textAlign(v) ? undefined : "is not left, right, center or justify (no alignment is rendered)");
const DIR: Check = (v) => (textDirection(v) ? undefined : "is not ltr, rtl or auto (not rendered)");
const TEXT: Check = (v) => (typeof v === "string" ? undefined : "must be a string (not rendered)");
const COLOUR: Check = (v) => (safeColour(v) ? undefined : "is not a plain colour (not rendered)");
const SPAN: Check = (v) => (v === 1 || cellSpan(v) !== undefined ? undefined : "is not a whole number from 1 to 1000 (rendered as 1)");
const CLASS: Check = (v) => (classList(v) ? undefined : "is not a list of class names (not rendered)");
const URL_SAFE: Check = (v) => {
  if (typeof v !== "string") return "must be a string (not rendered)";
  if (/^\s*[/\\][\\]|^\s*\\/.test(v)) return "is a backslash path, which browsers read as another site";
  return v.trim() === "" || safeHref(v) ? undefined : "is not a safe URL (http, https, mailto, tel or a path); it is not rendered";
};

/**
 * The attributes each node and mark has in Storyblok's editor; anything else
 * (an `onclick` on a heading) is never rendered. Some listed ones are not
 * rendered either, on purpose (an image's asset metadata; docs/richtext.md).
 */
const KNOWN_ATTRS: Readonly<Record<string, readonly string[]>> = {
  paragraph: ["textAlign", "dir"],
  heading: ["level", "textAlign", "dir"],
  ordered_list: ["order"],
  code_block: ["class"],
  image: ["src", "alt", "title", "id", "copyright", "source", "meta_data"],
  emoji: ["name", "emoji", "fallbackImage"],
  blok: ["id", "body"],
  tableCell: ["colspan", "rowspan", "colwidth", "backgroundColor"],
  tableHeader: ["colspan", "rowspan", "colwidth", "backgroundColor"],
  link: ["href", "uuid", "anchor", "target", "linktype", "custom"],
  anchor: ["id"],
  styled: ["class"],
  textStyle: ["color", "id", "class"],
  highlight: ["color"],
};

function unknownAttrs(type: string, attrs: Attrs, problems: string[]): void {
  const known = Object.hasOwn(KNOWN_ATTRS, type) ? KNOWN_ATTRS[type] : undefined;
  if (known === undefined) return;
  // Storyblok writes unset attributes as null; those render nothing anywhere.
  const unknown = Object.keys(attrs).filter((key) => !known.includes(key) && attrs[key] !== null && attrs[key] !== undefined);
  if (unknown.length > 0)
    problems.push(
      `attrs ${unknown.join(", ")} ${unknown.length === 1 ? "is not an attribute" : "are not attributes"} of ${type} (not rendered)`,
    );
}

/** Problems with one node's attributes and marks, as `attrs.key value problem` lines. */
function nodeValueProblems(type: string, node: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const raw = ownAttr(node, "attrs");
  if (raw !== undefined && raw !== null && !isRecord(raw)) return [`attrs must be an object, got ${show(raw)}`];
  const attrs: Attrs = isRecord(raw) ? raw : {};
  unknownAttrs(type, attrs, problems);
  switch (type) {
    case "heading":
      set(
        attrs,
        "level",
        (v) => (isHeadingLevel(v) ? undefined : "is not a whole number from 1 to 6 (rendered as a clamped level, or h1)"),
        problems,
      );
      set(attrs, "textAlign", ALIGN, problems);
      set(attrs, "dir", DIR, problems);
      break;
    case "paragraph":
      set(attrs, "textAlign", ALIGN, problems);
      set(attrs, "dir", DIR, problems);
      break;
    case "ordered_list":
      set(
        attrs,
        "order",
        (v) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? undefined : "is not a whole number (the list starts at 1)"),
        problems,
      );
      break;
    case "code_block":
      set(attrs, "class", CLASS, problems);
      break;
    case "image":
      set(attrs, "src", URL_SAFE, problems);
      set(attrs, "alt", TEXT, problems);
      set(attrs, "title", TEXT, problems);
      break;
    case "emoji":
      set(attrs, "name", TEXT, problems);
      set(attrs, "emoji", TEXT, problems);
      break;
    case "tableCell":
    case "tableHeader":
      set(attrs, "colspan", SPAN, problems);
      set(attrs, "rowspan", SPAN, problems);
      set(
        attrs,
        "colwidth",
        (v) =>
          Array.isArray(v) && (v.length === 0 || v[0] === null || cellWidth(v))
            ? undefined
            : "is not a list of pixel widths (no width is rendered)",
        problems,
      );
      set(attrs, "backgroundColor", COLOUR, problems);
      break;
  }
  const marks = ownAttr(node, "marks");
  if (Array.isArray(marks) && marks.length > RICH_TEXT_MAX_MARKS)
    problems.push(`has ${marks.length} marks; only the first ${RICH_TEXT_MAX_MARKS} are rendered`);
  return problems;
}

/** Problems with one mark's attributes. */
function markValueProblems(type: string, mark: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const raw = ownAttr(mark, "attrs");
  const attrs: Attrs = isRecord(raw) ? raw : {};
  unknownAttrs(type, attrs, problems);
  switch (type) {
    case "link":
      set(attrs, "href", URL_SAFE, problems);
      set(attrs, "anchor", TEXT, problems);
      set(attrs, "target", (v) => (linkTarget(v) ? undefined : "is not _blank or _self (not rendered)"), problems);
      set(
        attrs,
        "linktype",
        (v) => (v === "story" || v === "url" || v === "email" || v === "asset" ? undefined : "is not story, url, email or asset"),
        problems,
      );
      set(attrs, "custom", customProblem, problems);
      break;
    case "anchor":
      set(attrs, "id", (v) => (elementId(v) ? undefined : "is not an id without spaces (not rendered)"), problems);
      break;
    case "styled":
      set(attrs, "class", CLASS, problems);
      break;
    case "textStyle":
      set(attrs, "color", COLOUR, problems);
      set(attrs, "id", (v) => (elementId(v) ? undefined : "is not an id without spaces (not rendered)"), problems);
      set(attrs, "class", CLASS, problems);
      break;
    case "highlight":
      set(attrs, "color", COLOUR, problems);
      break;
  }
  return problems;
}

function customProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return "must be an object of attributes";
  const passed = linkCustomAttributes(value);
  const dropped = Object.keys(value).filter((key) => !Object.hasOwn(passed, key));
  if (dropped.length === 0) return undefined;
  return `has attributes that are not rendered: ${dropped.join(", ")} (allowed: ${[...LINK_CUSTOM_ATTRIBUTES].join(", ")}, with text values)`;
}

/** What the engine takes as `richText`: the renderer's readings of node and mark values. */
export const RICH_TEXT_CHECKS: RichTextChecks = { node: nodeValueProblems, mark: markValueProblems };
