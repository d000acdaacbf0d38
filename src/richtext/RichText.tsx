import type { ReactNode } from "react";
import type { RichTextDoc } from "../generated";
import { isRecord, RICH_TEXT_MAX_DEPTH } from "../validation/rich-text-values";
import { renderNodes, type RenderContext } from "./nodes";
import styles from "./RichText.module.css";

interface PlainRichTextProps {
  doc: RichTextDoc<never> | undefined;
  className?: string;
  renderBlok?: undefined;
}

interface RichTextWithBloksProps<B> {
  doc: RichTextDoc<B> | undefined;
  className?: string;
  /** How to render the blocks this field may embed (the caller knows the block renderers). */
  renderBlok: (blok: B) => ReactNode;
}

/**
 * A rich-text field as React elements (never an HTML string), the same
 * elements and attributes @storyblok/richtext renders except where
 * docs/richtext.md says this is deliberately safer. A field that may embed
 * blocks must be given `renderBlok`: the overloads make forgetting it a
 * compile error. The document is typed, but it is content: every value in
 * it is checked again as it renders, so no value can throw or inject.
 */
export function RichText(props: PlainRichTextProps): ReactNode;
export function RichText<B>(props: RichTextWithBloksProps<B>): ReactNode;
export function RichText<B>({ doc, className, renderBlok }: PlainRichTextProps | RichTextWithBloksProps<B>): ReactNode {
  const nodes: unknown = isRecord(doc) ? doc.content : undefined;
  if (!Array.isArray(nodes) || !hasText(nodes)) return null;
  const context: RenderContext<B> = { renderBlok, truncated: false };
  const rendered = renderNodes<B>(nodes, context, 1);
  if (context.truncated) console.warn(`Rich text: nodes nested deeper than ${RICH_TEXT_MAX_DEPTH} levels are not shown`);
  return <div className={`${styles.prose} ${className ?? ""}`}>{rendered}</div>;
}

/** Storyblok saves an emptied field as a doc with one empty paragraph; that renders nothing. */
function hasText(nodes: readonly unknown[]): boolean {
  return nodes.some((node) => !isRecord(node) || node.type !== "paragraph" || (Array.isArray(node.content) && node.content.length > 0));
}
