/**
 * The part of a page's CSS its first screen needs, so the HTML with that CSS
 * inline fits the first TCP congestion window (10 segments, about 14.6 KB
 * with headers) and the first paint needs one round trip (issue 58). The
 * whole stylesheet follows once the first frame is on screen
 * (src/document/deferred-styles.ts).
 *
 * The first screen is the markup before the first scroll reveal
 * (`data-reveal`, src/ui/scroll-reveal.ts): a reveal is by design what
 * enters as the reader scrolls, so what comes before it is what a phone
 * shows first. A rule is kept when one of its selectors names only classes
 * that markup has, or names no class at all (element, `:root`, attribute
 * rules), and every at-rule that is not a block of rules (`@font-face`,
 * `@keyframes`) is kept whole. Keeping a rule too many costs bytes, never
 * looks: the full stylesheet applies the same rules, in the same order, later.
 */
import { REVEAL_ATTRIBUTE } from "../ui/scroll-reveal";

/** At-rules whose block holds rules (filtered rule by rule); any other at-rule is kept whole. */
const GROUPING_AT_RULES = /^@(?:media|supports|layer|container)\b/i;

/** The markup of the first screen: everything before the first scroll reveal, or all of it when there is none. */
export function firstScreenMarkup(html: string): string {
  const reveal = html.search(new RegExp(`\\s${REVEAL_ATTRIBUTE}[\\s=/>]`));
  return reveal === -1 ? html : html.slice(0, reveal);
}

/** Every class name in the markup's class attributes. */
export function classNamesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1]!.split(/\s+/)) if (name) names.add(name);
  return names;
}

/**
 * Top-level blocks of `css` (`prelude{…}`, or `@import …;`), skipping over
 * strings and comments so a brace inside either never ends a block. Null
 * when the braces do not balance: the caller then inlines the file whole.
 */
export function topLevelBlocks(css: string): string[] | null {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < css.length; index++) {
    const char = css[index];
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, index + 1);
      if (end === -1) return null;
      index = end;
    } else if (char === "/" && css[index + 1] === "*") {
      const end = css.indexOf("*/", index + 2);
      if (end === -1) return null;
      index = end + 1;
    } else if (char === "{") depth++;
    else if (char === "}") {
      depth--;
      if (depth < 0) return null;
      if (depth === 0) {
        blocks.push(css.slice(start, index + 1).trim());
        start = index + 1;
      }
    } else if (char === ";" && depth === 0) {
      blocks.push(css.slice(start, index + 1).trim());
      start = index + 1;
    }
  }
  if (depth !== 0 || css.slice(start).trim() !== "") return null;
  return blocks.filter(Boolean);
}

/** A selector list split at its top-level commas (not those inside `:is(…)` and the like). */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index++) {
    const char = list[index];
    if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

function selectorApplies(selector: string, classes: ReadonlySet<string>): boolean {
  // Classes inside :not(…) exclude rather than require: not counted.
  const required = selector.replace(/:not\([^)]*\)/g, "");
  const names = [...required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
  return names.every((name) => classes.has(name));
}

/** The blocks of `css` that the markup with these classes needs, or null when the CSS cannot be split safely. */
function keptBlocks(css: string, classes: ReadonlySet<string>): string[] | null {
  const blocks = topLevelBlocks(css);
  if (!blocks) return null;
  const kept: string[] = [];
  for (const block of blocks) {
    const open = block.indexOf("{");
    if (open === -1) {
      kept.push(block); // @import, @charset, @layer a, b;
      continue;
    }
    const prelude = block.slice(0, open).trim();
    if (GROUPING_AT_RULES.test(prelude)) {
      const inner = keptBlocks(block.slice(open + 1, -1), classes);
      if (inner === null) return null;
      if (inner.length > 0) kept.push(`${prelude}{${inner.join("")}}`);
    } else if (prelude.startsWith("@") || selectors(prelude).some((selector) => selectorApplies(selector, classes))) kept.push(block);
  }
  return kept;
}

/** The rules of `css` the first screen's markup uses; the whole of `css` when it cannot be split safely. */
export function criticalCss(css: string, firstScreenClasses: ReadonlySet<string>): string {
  return keptBlocks(css, firstScreenClasses)?.join("") ?? css;
}
