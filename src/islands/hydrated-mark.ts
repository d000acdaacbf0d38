/**
 * Set on <html> once the page's scripts have taken over its markup: on a
 * published page the rest of its script has laid it out in full
 * (src/islands/take-over.ts);
 * on a page React renders (the Visual Editor's, `next dev`) React has
 * hydrated it (its first effects run only after the whole tree has
 * committed). `window.next` is no such sign: a published page has none.
 * Browser tests wait for this attribute.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/**
 * Set on <html> once the page's first contentful frame is on screen: the
 * hero's text entrance waits for it (src/ui/AnimatedText.module.css). An
 * animation already running as the page first paints kept headless
 * Chromium from presenting that frame for a second or more.
 */
const PAINTED_ATTRIBUTE = "data-painted";

export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
}

export function markPainted(): void {
  document.documentElement.setAttribute(PAINTED_ATTRIBUTE, "");
}

/**
 * Runs `then` in a task of its own once the page's first contentful frame is
 * on screen. What must not compete with the first paint waits for this.
 *
 * Made is not shown: the browser presents a frame some time after its main
 * thread has made it (rasterised and composited it), and a task queued from
 * a requestAnimationFrame callback runs once it is made. Work queued that
 * way held the presentation of the page's first frame behind it: without
 * it, Lighthouse's simulated LCP of `/nl` fell by 40 to 90 ms in two A/B
 * runs on one build (issue 58). The Paint Timing API's
 * `first-contentful-paint` entry is stamped when the frame is presented.
 * Where the browser reports no paint entries, the task after the next frame
 * is made will do. A tab opened in the background shows nothing, and all of
 * this waits until it is shown.
 */
export function afterFirstPaint(then: () => void): void {
  const later = () => setTimeout(then);
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(later);
    return;
  }
  // `buffered`: a first paint that came before this script ran is reported too.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    later();
  }).observe({ type: "paint", buffered: true });
}
