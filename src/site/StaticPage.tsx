import { useEffect, useRef } from "react";
import { mountIslands } from "./islands";
import { KEEP_SERVER_HTML } from "./keep-server-html";

/**
 * A page served as static HTML (src/site/static-page.ts): the app's root
 * element, keeping the server's HTML as it is, with the page's islands
 * attached to it. The element is the one _app wraps every page in, so
 * hydration matches it and leaves its children alone.
 */
export function StaticPage({ className }: { className: string }) {
  const root = useRef<HTMLDivElement>(null);
  // Before the app marks the page hydrated (a child's effects run before its parent's): the menu works from then on.
  useEffect(() => (root.current ? mountIslands(root.current) : undefined), []);
  return <div ref={root} className={className} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
}
