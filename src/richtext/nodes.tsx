import { Fragment, type ReactNode } from "react";
import type { RichTextNode } from "../generated";
import {
  attrsOf,
  classList,
  headingLevel,
  isRecord,
  listStart,
  RICH_TEXT_MAX_DEPTH,
  textAlign,
  textDirection,
  type Attrs,
} from "../validation/rich-text-values";
import { emojiElement, imageElement } from "./media";
import { linkMarkOf, linkRunEnd, renderLinkRun, renderText } from "./link-group";
import { renderTable, renderTableCell } from "./table";
import { unreachable } from "./unreachable";
import styles from "./RichText.module.css";

export interface RenderContext<B> {
  /** Embedded blocks are rendered by the caller: rich text does not know the block registry. */
  renderBlok?: (blok: B) => ReactNode;
  /** Set when nodes deeper than RICH_TEXT_MAX_DEPTH were left out, so the caller warns once. */
  truncated: boolean;
}

/**
 * A list of sibling nodes. Content is untrusted: anything that is not a list
 * renders nothing, and a run of text nodes with the same link becomes one
 * link. Below RICH_TEXT_MAX_DEPTH nothing is rendered, so hostile nesting
 * cannot exhaust the stack here or in React.
 */
export function renderNodes<B>(nodes: unknown, context: RenderContext<B>, depth: number): ReactNode {
  if (!Array.isArray(nodes) || nodes.length === 0) return null;
  if (depth > RICH_TEXT_MAX_DEPTH) {
    context.truncated = true;
    return null;
  }
  const rendered: ReactNode[] = [];
  for (let index = 0; index < nodes.length; ) {
    const link = linkMarkOf(nodes[index]);
    const end = link ? linkRunEnd(nodes, index, link) : index + 1;
    const element = link ? renderLinkRun(nodes.slice(index, end), link) : renderNode(nodes[index], context, depth);
    rendered.push(<Fragment key={index}>{element}</Fragment>);
    index = end;
  }
  return rendered;
}

/** One node to React elements, as @storyblok/richtext renders it. One case per node kind in the generated union. */
function renderNode<B>(value: unknown, context: RenderContext<B>, depth: number): ReactNode {
  if (!isRecord(value) || typeof value.type !== "string") return null;
  const node = value as RichTextNode<B>;
  const attrs = attrsOf(value);
  const children = () => renderNodes(Object.hasOwn(value, "content") ? value.content : undefined, context, depth + 1);
  switch (node.type) {
    case "doc":
      return children();
    case "text":
      return renderText(value);
    case "paragraph":
      return <p {...blockAttributes(attrs)}>{children()}</p>;
    case "heading": {
      const Heading = `h${headingLevel(attrs.level)}` as const;
      return <Heading {...blockAttributes(attrs)}>{children()}</Heading>;
    }
    case "blockquote":
      return <blockquote>{children()}</blockquote>;
    case "bullet_list":
      return <ul>{children()}</ul>;
    case "ordered_list":
      return <ol start={listStart(attrs.order)}>{children()}</ol>;
    case "list_item":
      return <li>{children()}</li>;
    case "code_block":
      // Long lines scroll inside the block; keyboard users need it focusable to scroll it.
      return (
        <pre className={styles.pre} tabIndex={0}>
          <code className={classList(attrs.class)}>{children()}</code>
        </pre>
      );
    case "horizontal_rule":
      return <hr />;
    case "hard_break":
      return <br />;
    case "image":
      return imageElement(attrs);
    case "emoji":
      return emojiElement(attrs);
    case "blok":
      return renderBloks(attrs, context);
    case "table":
      // Rows are children: the same depth limit holds for them as for any node.
      return renderTable(Object.hasOwn(value, "content") ? value.content : undefined, (row) => renderNodes([row], context, depth + 1));
    case "tableRow":
      return <tr>{children()}</tr>;
    case "tableHeader":
    case "tableCell":
      return renderTableCell(node.type, attrs, children());
    default:
      // A node newer than this build: its children still render, as Storyblok renders them.
      return unreachable(node, children());
  }
}

/** Paragraph and heading: alignment as a style and the text direction, both only from their allowed values. */
function blockAttributes(attrs: Attrs) {
  const align = textAlign(attrs.textAlign);
  return { style: align ? { textAlign: align } : undefined, dir: textDirection(attrs.dir) };
}

function renderBloks<B>(attrs: Attrs, context: RenderContext<B>): ReactNode {
  const body = attrs.body;
  if (!Array.isArray(body) || !context.renderBlok) return null;
  const renderBlok = context.renderBlok;
  // The caller's renderer (<Blocks>) checks each block against its generated validator.
  return body.map((blok, index) => <Fragment key={index}>{isRecord(blok) ? renderBlok(blok as B) : null}</Fragment>);
}
