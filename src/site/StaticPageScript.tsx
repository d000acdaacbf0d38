import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import { NextScript } from "next/document";
import { jsonForScriptElement } from "./json-script";
import { staticPageOfDocument } from "./static-page";

const NEXT_DATA_ID = "__NEXT_DATA__";

function isNextDataScript(node: ReactNode): node is ReactElement {
  return isValidElement<{ id?: unknown }>(node) && node.type === "script" && node.props.id === NEXT_DATA_ID;
}

/**
 * next/document's <NextScript> whose `__NEXT_DATA__` carries, for a page
 * served as static HTML, the marker in place of the page's props (see
 * src/site/static-page.ts). Every other tag is Next.js's own, and every
 * other page's data too.
 */
export class StaticPageScript extends NextScript {
  override render() {
    const rendered = super.render();
    const data = staticPageOfDocument(this.context)?.data;
    if (!data) return rendered;
    const children = Children.map((rendered.props as { children?: ReactNode }).children, (child) =>
      isNextDataScript(child) ? <script id={NEXT_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: jsonForScriptElement(data) }} /> : child,
    );
    return <>{children}</>;
  }
}
