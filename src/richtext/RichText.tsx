import type { ReactNode } from "react";
import type { RichTextDoc } from "../generated";
import { renderNodes } from "./nodes";
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
 * A rich-text field as React elements (never an HTML string). A field that
 * may embed blocks must be given `renderBlok`: the overloads make forgetting
 * it a compile error.
 */
export function RichText(props: PlainRichTextProps): ReactNode;
export function RichText<B>(props: RichTextWithBloksProps<B>): ReactNode;
export function RichText<B>({ doc, className, renderBlok }: PlainRichTextProps | RichTextWithBloksProps<B>): ReactNode {
  if (!doc || !hasText(doc)) return null;
  return <div className={`${styles.prose} ${className ?? ""}`}>{renderNodes<B>(doc.content, { renderBlok })}</div>;
}

/** Storyblok saves an emptied field as a doc with one empty paragraph; that renders nothing. */
function hasText<B>(doc: RichTextDoc<B>): boolean {
  return (doc.content ?? []).some((node) => node.type !== "paragraph" || (node.content?.length ?? 0) > 0);
}
