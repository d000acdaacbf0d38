/**
 * Set on <html> once the page's scripts have taken over its markup: on a
 * published page its islands have attached (src/islands/islands-entry.ts);
 * on a page React renders (the Visual Editor's, `next dev`) React has
 * hydrated it (its first effects run only after the whole tree has
 * committed). `window.next` is no such sign: a published page has none.
 * Browser tests wait for this attribute.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/**
 * Set on <html> once the page's first frame is on screen: the hero's text
 * entrance waits for it (src/ui/AnimatedText.module.css). An animation
 * already running as the page first paints kept headless Chromium from
 * presenting that frame for a second or more.
 */
const PAINTED_ATTRIBUTE = "data-painted";

export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
}

/**
 * Marks the page painted after its next frame: a requestAnimationFrame
 * callback runs just before a frame is drawn, and a task queued from it
 * runs once that frame is out. A tab opened in the background draws
 * nothing until shown, and its entrance waits with it. `then` runs at the
 * same moment: what must not compete with the first paint (the deferred CSS).
 */
export function markPaintedAfterFirstFrame(then?: () => void): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      document.documentElement.setAttribute(PAINTED_ATTRIBUTE, "");
      then?.();
    }),
  );
}
