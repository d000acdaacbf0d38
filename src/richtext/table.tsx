import { Fragment, type ReactNode } from "react";
import { cellSpan, cellWidth, isRecord, safeColour, type Attrs } from "../validation/rich-text-values";
import styles from "./RichText.module.css";

/** A row whose cells are all header cells; leading ones go in `<thead>`, as @storyblok/richtext does. */
function isHeaderRow(row: unknown): boolean {
  if (!isRecord(row) || row.type !== "tableRow" || !Array.isArray(row.content) || row.content.length === 0) return false;
  return row.content.every((cell) => isRecord(cell) && cell.type === "tableHeader");
}

export function renderTable(rows: unknown, renderRow: (row: unknown) => ReactNode): ReactNode {
  const list = Array.isArray(rows) ? rows : [];
  let headerEnd = 0;
  while (headerEnd < list.length && isHeaderRow(list[headerEnd])) headerEnd += 1;
  const section = (from: number, to: number) =>
    list.slice(from, to).map((row, index) => <Fragment key={from + index}>{renderRow(row)}</Fragment>);
  // Wide tables scroll inside their box instead of widening the page; focusable so the keyboard can scroll it.
  return (
    <div className={styles.tableScroll} tabIndex={0}>
      <table>
        {headerEnd > 0 ? <thead>{section(0, headerEnd)}</thead> : null}
        {headerEnd < list.length ? <tbody>{section(headerEnd, list.length)}</tbody> : null}
      </table>
    </div>
  );
}

/**
 * A cell as Storyblok writes it: colspan/rowspan when not 1, the first
 * column width and (body cells) the background as inline style. Header cells'
 * background is a style here too, where Storyblok writes an invalid
 * `backgroundColor` attribute.
 */
export function renderTableCell(type: "tableCell" | "tableHeader", attrs: Attrs, children: ReactNode): ReactNode {
  const width = cellWidth(attrs.colwidth);
  const backgroundColor = safeColour(attrs.backgroundColor);
  const style = width || backgroundColor ? { width, backgroundColor } : undefined;
  const props = { colSpan: cellSpan(attrs.colspan), rowSpan: cellSpan(attrs.rowspan), style };
  return type === "tableHeader" ? <th {...props}>{children}</th> : <td {...props}>{children}</td>;
}
