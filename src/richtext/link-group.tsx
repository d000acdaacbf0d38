import { Fragment, type ReactNode } from "react";
import { SmartLink } from "../ui/SmartLink";
import { attrsOf, isRecord, linkCustomAttributes, linkTarget } from "../validation/rich-text-values";
import { linkMarkHref } from "./link-href";
import { applyMarks, marksOf } from "./marks";

type Obj = Readonly<Record<string, unknown>>;

/** A text node's first link mark, or null (as @storyblok/richtext picks it). */
export function linkMarkOf(node: unknown): Obj | null {
  if (!isRecord(node) || node.type !== "text") return null;
  for (const mark of marksOf(node)) if (isRecord(mark) && mark.type === "link") return mark;
  return null;
}

/** A text node's text in its marks (a link mark adds nothing here); a text that is not a string renders nothing. */
export function renderText(node: Obj): ReactNode {
  return typeof node.text === "string" ? applyMarks(marksOf(node), node.text) : null;
}

/**
 * Adjacent text nodes whose link marks have equal attributes share one
 * `<a>`, their other marks inside it, as @storyblok/richtext renders them.
 * Returns where the run ends (exclusive).
 */
export function linkRunEnd(nodes: readonly unknown[], start: number, link: Obj): number {
  const attrs = attrsOf(link);
  let end = start + 1;
  for (let next = linkMarkOf(nodes[end]); next && sameAttrs(attrs, attrsOf(next), 0); next = linkMarkOf(nodes[end])) end += 1;
  return end;
}

/** The run's `<a>`; a link without a safe destination keeps its words and loses the link. */
export function renderLinkRun(nodes: readonly unknown[], link: Obj): ReactNode {
  const texts = nodes.map((node, index) => <Fragment key={index}>{isRecord(node) ? renderText(node) : null}</Fragment>);
  const attrs = attrsOf(link);
  const href = linkMarkHref(attrs);
  if (!href) return texts;
  const target = linkTarget(attrs.target);
  const custom = reactNames(linkCustomAttributes(attrs.custom));
  // A new tab must not get `window.opener`, whatever rel the author chose.
  const rel = target === "_blank" ? joinRel("noopener noreferrer", custom.rel) : custom.rel;
  return (
    <SmartLink {...custom} href={href} target={target} rel={rel}>
      {texts}
    </SmartLink>
  );
}

/** React spells one of the allowed HTML attribute names differently. */
function reactNames(custom: Record<string, string>): Record<string, string> {
  const { hreflang, ...rest } = custom;
  return hreflang === undefined ? rest : { ...rest, hrefLang: hreflang };
}

function joinRel(required: string, extra: string | undefined): string {
  return [...new Set([...required.split(" "), ...(extra ?? "").split(" ").filter(Boolean)])].join(" ");
}

/** Deep equality of two attribute values from JSON; past a few levels, values count as different (no deep recursion). */
function sameAttrs(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth > 4 || typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  const aRecord = a as Obj;
  const bRecord = b as Obj;
  return aKeys.every((key) => Object.hasOwn(bRecord, key) && sameAttrs(aRecord[key], bRecord[key], depth + 1));
}
