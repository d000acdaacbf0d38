import { Fragment, type ReactNode } from "react";
import type { RichTextNode, TableCellNode, TableHeaderNode } from "../generated";
import { dimensionsFromUrl } from "../ui/asset-dimensions";
import { safeHref } from "../site/safe-url";
import { applyMarks } from "./marks";
import { textAlign } from "./css-values";
import { unreachable } from "./unreachable";
import styles from "./RichText.module.css";

export interface RenderContext<B> {
  /** Embedded blocks are rendered by the caller: rich text does not know the block registry. */
  renderBlok?: (blok: B) => ReactNode;
}

export function renderNodes<B>(nodes: readonly RichTextNode<B>[] | undefined, context: RenderContext<B>): ReactNode {
  return (nodes ?? []).map((node, index) => <Fragment key={index}>{renderNode(node, context)}</Fragment>);
}

/** One node to React elements. One case per node kind in the generated union. */
export function renderNode<B>(node: RichTextNode<B>, context: RenderContext<B>): ReactNode {
  const children = "content" in node ? renderNodes<B>(node.content, context) : null;
  switch (node.type) {
    case "doc":
      return children;
    case "text":
      return applyMarks(node.marks, node.text);
    case "paragraph":
      return <p style={alignStyle(node.attrs?.textAlign)}>{children}</p>;
    case "heading": {
      const Heading = `h${node.attrs.level}` as const;
      return <Heading style={alignStyle(node.attrs.textAlign)}>{children}</Heading>;
    }
    case "blockquote":
      return <blockquote>{children}</blockquote>;
    case "bullet_list":
      return <ul>{children}</ul>;
    case "ordered_list":
      return <ol start={node.attrs?.order}>{children}</ol>;
    case "list_item":
      return <li>{children}</li>;
    case "code_block":
      // Long lines scroll inside the block; keyboard users need it focusable to scroll it.
      return (
        <pre className={styles.pre} tabIndex={0}>
          <code className={node.attrs?.class ?? undefined}>{children}</code>
        </pre>
      );
    case "horizontal_rule":
      return <hr />;
    case "hard_break":
      return <br />;
    case "image":
      return renderImage(node.attrs);
    case "emoji":
      return (
        <span role="img" aria-label={node.attrs.name}>
          {node.attrs.emoji ?? `:${node.attrs.name}:`}
        </span>
      );
    case "blok":
      return node.attrs.body.map((blok, index) => <Fragment key={index}>{context.renderBlok?.(blok)}</Fragment>);
    case "table":
      // Wide tables scroll inside their box instead of widening the page.
      return (
        <div className={styles.tableScroll} tabIndex={0}>
          <table>
            <tbody>{children}</tbody>
          </table>
        </div>
      );
    case "tableRow":
      return <tr>{children}</tr>;
    case "tableHeader":
      return <th {...cellSpans(node)}>{children}</th>;
    case "tableCell":
      return <td {...cellSpans(node)}>{children}</td>;
    default:
      return unreachable(node, null);
  }
}

function alignStyle(value: string | null | undefined) {
  const align = textAlign(value);
  return align ? { textAlign: align } : undefined;
}

function cellSpans<B>(node: TableCellNode<B> | TableHeaderNode<B>) {
  return { colSpan: node.attrs?.colspan, rowSpan: node.attrs?.rowspan };
}

function renderImage(attrs: { src: string; alt?: string | null; title?: string | null }) {
  const src = safeHref(attrs.src);
  if (!src) return null;
  const size = dimensionsFromUrl(src);
  return (
    <img
      className={styles.image}
      src={src}
      alt={attrs.alt ?? ""}
      title={attrs.title ?? undefined}
      width={size?.width}
      height={size?.height}
      loading="lazy"
      decoding="async"
    />
  );
}
