import type { Page } from "@playwright/test";

/** A layout shift, with what moved (tag and class, from and to), so that a failure says where to look. */
export interface LayoutShift {
  value: number;
  at: number;
  moved: string[];
}

/**
 * Every layout shift the page has reported so far, buffered from its start
 * (the browser keeps them), whatever caused it. Two frames after the last
 * change are time enough for a shift to be reported.
 */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) => {
        type Entry = PerformanceEntry & {
          value: number;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            (list.getEntries() as Entry[]).map((entry) => ({
              value: entry.value,
              at: Math.round(entry.startTime),
              moved: entry.sources.map(
                ({ node, previousRect: from, currentRect: to }) =>
                  `${node instanceof Element ? `${node.tagName}.${node.className}` : (node?.nodeName ?? "?")} ${from.y},${from.height} -> ${to.y},${to.height}`,
              ),
            })),
          );
        }).observe({ type: "layout-shift", buffered: true });
        // No entry at all calls no callback: two frames are time enough for buffered ones.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve([])));
      }),
  );
}
