/**
 * What a rich-text value must be to render as written. The renderer
 * (src/richtext/) reads every attribute through these functions and falls
 * back when one says no; `content validate` (the engine's strict mode) reports
 * each such value with these same functions, so the two cannot disagree.
 * Pure: it runs in the browser and in Node.
 */

/** The nesting limit lives with the validation engine (which imports nothing); the renderer reads it here. */
export { RICH_TEXT_MAX_DEPTH } from "../generated/engine";

/** Marks past this many on one text node are ignored: the editor has 13 kinds, so more is junk or an attack. */
export const RICH_TEXT_MAX_MARKS = 16;

export type Attrs = Readonly<Record<string, unknown>>;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `attrs[key]` when the object has the key itself (never `__proto__`, `toString`, …). */
export const ownAttr = (attrs: Attrs, key: string): unknown => (Object.hasOwn(attrs, key) ? attrs[key] : undefined);

/** A node's or mark's `attrs` when it is an object; `{}` otherwise. */
export function attrsOf(value: unknown): Attrs {
  const attrs = isRecord(value) ? ownAttr(value, "attrs") : undefined;
  return isRecord(attrs) ? attrs : {};
}

/** A string attribute, or undefined for anything else (numbers, objects, null). */
export function stringAttr(attrs: Attrs, key: string): string | undefined {
  const value = ownAttr(attrs, key);
  return typeof value === "string" ? value : undefined;
}

const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** Whether a heading's level renders as written: an integer 1–6. */
export const isHeadingLevel = (value: unknown): value is 1 | 2 | 3 | 4 | 5 | 6 => isIntegerIn(value, 1, 6);

/**
 * The heading element's level from any value. As @storyblok/richtext does:
 * numbers are clamped to 1–6, anything else (null, "7 onclick=…") is 1.
 * Unlike it, fractions are truncated (it would write `<h2.5>`).
 */
export function headingLevel(value: unknown): 1 | 2 | 3 | 4 | 5 | 6 {
  if (typeof value !== "number" || !Number.isFinite(value)) return 1;
  return Math.min(6, Math.max(1, Math.trunc(value))) as 1 | 2 | 3 | 4 | 5 | 6;
}

const TEXT_ALIGN = new Set(["left", "right", "center", "justify"]);
export const textAlign = (value: unknown): "left" | "right" | "center" | "justify" | undefined =>
  typeof value === "string" && TEXT_ALIGN.has(value) ? (value as "left" | "right" | "center" | "justify") : undefined;

const DIRECTIONS = new Set(["ltr", "rtl", "auto"]);
export const textDirection = (value: unknown): "ltr" | "rtl" | "auto" | undefined =>
  typeof value === "string" && DIRECTIONS.has(value) ? (value as "ltr" | "rtl" | "auto") : undefined;

/** An ordered list's first number; 1 (the HTML default) is left out, as Storyblok does. */
export const listStart = (value: unknown): number | undefined => (isIntegerIn(value, 0, 1e9) && value !== 1 ? value : undefined);

/** colspan/rowspan: positive integers (browsers cap colspan at 1000); 1 is the default and left out. */
export const cellSpan = (value: unknown): number | undefined => (isIntegerIn(value, 2, 1000) ? value : undefined);

/** A table cell's width: Storyblok stores the column widths in pixels and writes the first one. */
export function cellWidth(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : undefined;
  return typeof first === "number" && Number.isFinite(first) && first > 0 ? `${first}px` : undefined;
}

/**
 * Colours from text-style, highlight and table cells. React escapes style
 * values, but a value like `url(https://tracker)` would still load a
 * resource, so only plain colour syntax passes.
 */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|rgba|hsl|hsla|oklch|oklab)\([\d\s.,%/+-]+\))$/i;
export function safeColour(value: unknown): string | undefined {
  const colour = typeof value === "string" ? value.trim() : undefined;
  return colour && COLOUR.test(colour) ? colour : undefined;
}

/** A class name from content (code-block language, styled mark): class tokens only. */
const CLASS_LIST = /^[\w-]+( [\w-]+)*$/;
export const classList = (value: unknown): string | undefined =>
  typeof value === "string" && value.length <= 200 && CLASS_LIST.test(value.trim()) ? value.trim() : undefined;

/** An element id from an anchor mark: no spaces (HTML), a sane length. */
export const elementId = (value: unknown): string | undefined =>
  typeof value === "string" && /^[^\s]{1,200}$/.test(value) ? value : undefined;

/** Link targets a link mark may have; any other value is dropped. */
export const linkTarget = (value: unknown): "_blank" | "_self" | undefined => (value === "_blank" || value === "_self" ? value : undefined);

/**
 * `custom` link attributes (Storyblok's "custom attributes" of a link) that
 * are passed through. Everything else is dropped: event handlers (`onclick`),
 * `style`, and attributes that would override the checked `href`/`target`.
 */
export const LINK_CUSTOM_ATTRIBUTES: ReadonlySet<string> = new Set(["title", "rel", "hreflang", "lang", "aria-label"]);

/** Which custom attributes pass, as written (keys from the allow-list, text or number values); rel only as keywords. */
export function linkCustomAttributes(value: unknown): Record<string, string> {
  const passed: Record<string, string> = {};
  if (!isRecord(value)) return passed;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (!LINK_CUSTOM_ATTRIBUTES.has(key) || (typeof item !== "string" && typeof item !== "number")) continue;
    const text = String(item);
    if (key === "rel" && !/^[a-z]+( [a-z]+)*$/i.test(text)) continue;
    passed[key] = text;
  }
  return passed;
}
