import type { ReactNode } from "react";
import type { RichTextMark } from "../generated";
import { relFor } from "../site/safe-url";
import { SmartLink } from "../ui/SmartLink";
import { safeColour } from "./css-values";
import { linkMarkHref } from "./link-href";
import { unreachable } from "./unreachable";

/** Wraps `children` in the element one mark stands for. One case per mark in the generated union. */
export function applyMark(mark: RichTextMark, children: ReactNode): ReactNode {
  switch (mark.type) {
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
    case "link": {
      const href = linkMarkHref(mark.attrs);
      // An unsafe or empty link (javascript:, data:, nothing) keeps its words, loses the link.
      if (!href) return children;
      const target = mark.attrs.target === "_blank" ? "_blank" : undefined;
      return (
        <SmartLink href={href} target={target} rel={relFor(target)}>
          {children}
        </SmartLink>
      );
    }
    case "anchor":
      return <span id={mark.attrs.id}>{children}</span>;
    case "styled":
      return <span className={mark.attrs.class}>{children}</span>;
    case "textStyle": {
      const color = safeColour(mark.attrs.color);
      return color ? <span style={{ color }}>{children}</span> : children;
    }
    case "highlight": {
      const backgroundColor = safeColour(mark.attrs.color);
      return <mark style={backgroundColor ? { backgroundColor } : undefined}>{children}</mark>;
    }
    default:
      return unreachable(mark, children);
  }
}

/** Applies marks in order: the first mark ends up innermost, as Storyblok's own renderer does. */
export function applyMarks(marks: readonly RichTextMark[] | undefined, text: ReactNode): ReactNode {
  return (marks ?? []).reduce<ReactNode>((children, mark) => applyMark(mark, children), text);
}
