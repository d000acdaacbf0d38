import type { ReactNode } from "react";
import type { RichTextMark } from "../generated";
import { attrsOf, classList, elementId, isRecord, RICH_TEXT_MAX_MARKS, safeColour } from "../validation/rich-text-values";
import { unreachable } from "./unreachable";

/**
 * Wraps `children` in the element one mark stands for, as @storyblok/richtext
 * does. One case per mark in the generated union; the mark itself is
 * untrusted, so every attribute is read through rich-text-values. Links are
 * not handled here: a run of text with the same link becomes one `<a>`
 * around all its other marks (link-group.tsx).
 */
function applyMark(mark: unknown, children: ReactNode): ReactNode {
  if (!isRecord(mark) || typeof mark.type !== "string") return children;
  const attrs = attrsOf(mark);
  const known = mark as RichTextMark;
  switch (known.type) {
    case "bold":
    case "strong":
      return <strong>{children}</strong>;
    case "italic":
      return <em>{children}</em>;
    case "strike":
      return <s>{children}</s>;
    case "underline":
      return <u>{children}</u>;
    case "code":
      return <code>{children}</code>;
    case "superscript":
      return <sup>{children}</sup>;
    case "subscript":
      return <sub>{children}</sub>;
    case "link":
      return children;
    case "anchor":
      return <span id={elementId(attrs.id)}>{children}</span>;
    case "styled":
      return <span className={classList(attrs.class)}>{children}</span>;
    case "textStyle": {
      // The editor's text style may also carry an id and a class, which Storyblok writes as they are.
      const color = safeColour(attrs.color);
      return (
        <span id={elementId(attrs.id)} className={classList(attrs.class)} style={color ? { color } : undefined}>
          {children}
        </span>
      );
    }
    case "highlight": {
      const backgroundColor = safeColour(attrs.color);
      return <mark style={backgroundColor ? { backgroundColor } : undefined}>{children}</mark>;
    }
    default:
      // A mark newer than this build keeps its text, unformatted.
      return unreachable(known, children);
  }
}

/** A text node's marks when they are a list (anything else counts as none), capped at RICH_TEXT_MAX_MARKS. */
export function marksOf(node: Readonly<Record<string, unknown>>): readonly unknown[] {
  const marks = Object.hasOwn(node, "marks") ? node.marks : undefined;
  return Array.isArray(marks) ? marks.slice(0, RICH_TEXT_MAX_MARKS) : [];
}

/** Applies marks in order: the first mark ends up innermost, as Storyblok's own renderer does. */
export function applyMarks(marks: readonly unknown[], text: ReactNode): ReactNode {
  return marks.reduce<ReactNode>((children, mark) => applyMark(mark, children), text);
}
