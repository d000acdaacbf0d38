import type { Page, Request } from "@playwright/test";

/**
 * Scrolls the page to its end as a reader would, and returns once what the
 * scrolling started has ended: the images it started loading loaded (or
 * failed), and the reveals' animations finished. A check that follows (axe's
 * colours, the console, the layout) sees the page at rest, on a busy machine
 * too: it waits for those events, not for a guess at how long they take.
 *
 * In the page, not a wheel event per step: each of those is a round trip
 * that waits for Chromium's smooth scroll. Each step waits two frames, time
 * for the reveals' intersection observers and the lazy images' to fire.
 */
export async function scrollThrough(page: Page): Promise<void> {
  // The images the scroll starts, as the browser requests them: a lazy image never in view (another
  // slide of a carousel, a layout's hidden one) is never requested, and nothing waits for it.
  const loading = new Map<Request, Promise<void>>();
  const ends = new Map<Request, () => void>();
  const started = (request: Request) => {
    if (request.resourceType() !== "image") return;
    loading.set(request, new Promise((resolve) => ends.set(request, resolve)));
  };
  const ended = (request: Request) => ends.get(request)?.();
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await page.evaluate(async () => {
      const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
        window.scrollTo({ top: y, behavior: "instant" });
        await twoFrames();
      }
      await twoFrames();
      // Animations with an end (a reveal's 700 ms fade); a looping one never finishes, and is not waited for.
      // One cancelled on the way rejects `finished`: at rest too.
      const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    });
    await Promise.all(loading.values());
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}
