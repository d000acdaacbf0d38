import { REVEAL_ATTRIBUTE } from "../ui/scroll-reveal";

/**
 * What the stylesheet leaves unrendered while off screen until the page is
 * taken over (`content-visibility: auto` under `:root:not([data-hydrated])`,
 * src/styles/globals.css): a page's sections after its first, what follows a
 * project's header in its article, the site's footer and every scroll
 * reveal. A unit test holds the two lists together.
 */
export const SKIPPED_UNTIL_TAKEN_OVER = `main section:not(:first-child), main > article > :not(:first-child), main ~ footer, [${REVEAL_ATTRIBUTE}]`;

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
 * home page's Total Blocking Time (issue 58, docs/phone-speed.md). A part
 * goes with the skipped parts inside it (a section's cards), so each is laid
 * out once. Each is pinned visible by an inline style and read back at once,
 * which lays out that part alone, in its own task.
 *
 * Not each card in a task of its own: a section laid out with its cards still
 * skipped stands at their placeholders' height (40rem each), and every card
 * then shrinks it and moves what follows. In a bench run that way the home
 * page's TBT was 331 ms (single runs up to 661), against 54 and 146 ms in the
 * runs before and 43–135 ms in seven Lighthouse runs of one build.
 */
export async function layOutSkippedParts(root: ParentNode): Promise<() => void> {
  const skipped = Array.from(root.querySelectorAll<HTMLElement>(SKIPPED_UNTIL_TAKEN_OVER));
  const outermost = skipped.filter((part) => !skipped.some((other) => other !== part && other.contains(part)));
  // The rest of the CSS has just applied. Reading any position brings the page's style and layout up to date
  // for it, so that restyle is a task of its own rather than part of the first part's (46 ms together here).
  root.firstElementChild?.getBoundingClientRect();
  await nextTask();
  for (const part of outermost) {
    for (const inside of skipped) if (part.contains(inside)) inside.style.contentVisibility = "visible";
    part.getBoundingClientRect();
    await nextTask();
  }
  return () => {
    for (const part of skipped) part.style.contentVisibility = "";
  };
}
