import { REVEAL_ATTRIBUTE } from "../ui/scroll-reveal";

/**
 * What the stylesheet leaves unrendered while off screen until the page is
 * taken over (`content-visibility: auto` under `:root:not([data-hydrated])`,
 * src/styles/globals.css): a page's sections after its first, the site's
 * footer and every scroll reveal. A unit test holds the two lists together.
 */
export const SKIPPED_UNTIL_TAKEN_OVER = `main section:not(:first-child), main ~ footer, [${REVEAL_ATTRIBUTE}]`;

/** The next task: what the browser has queued (a tap, a frame) runs first. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Lays the skipped parts out one at a time, a task each, before the page is
 * marked as taken over: resolves with the function that gives them back to
 * the stylesheet, to call once it is (their `content-visibility` is then
 * what it was, so nothing is laid out again).
 *
 * Marking the page lifts every skip at once, and the first read of a
 * position after that (the scroll reveals read all of theirs) laid out the
 * whole page in one task: 51 ms of layout and 14 ms of style on this
 * machine, four times that on Lighthouse's simulated phone, and most of the
 * home page's Total Blocking Time (issue 58, docs/phone-speed.md). Each part
 * is pinned visible by an inline style and read back at once, which lays out
 * that part alone, in its own task, in the page's order: a section first,
 * with its cards still skipped at their placeholder's size, then each card.
 * A section laid out whole with its cards took up to 30 ms here.
 */
export async function layOutSkippedParts(root: ParentNode): Promise<() => void> {
  const skipped = Array.from(root.querySelectorAll<HTMLElement>(SKIPPED_UNTIL_TAKEN_OVER));
  for (const part of skipped) {
    part.style.contentVisibility = "visible";
    part.getBoundingClientRect();
    await nextTask();
  }
  return () => {
    for (const part of skipped) part.style.contentVisibility = "";
  };
}
