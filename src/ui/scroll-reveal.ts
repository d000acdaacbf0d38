import { inView } from "motion";

/** Marks an element that fades in as it scrolls into view: how a published page's islands script finds them (src/islands/mount-islands.ts). */
export const REVEAL_ATTRIBUTE = "data-reveal";

const HIDDEN = { opacity: "0", transform: "translateY(2rem)" };
const SHOWN = { opacity: "1", transform: "translateY(0)" };

/** Back to what the stylesheet has: the inline styles that hid it are gone. */
function clear(element: HTMLElement): void {
  element.style.opacity = "";
  element.style.transform = "";
}

/**
 * Fades and lifts elements in as they scroll into view; returns a function
 * that stops watching and shows them as the stylesheet has them.
 *
 * The server HTML is never hidden: crawlers and readers without JS get the
 * plain content. Once the page's scripts run only elements still below the
 * fold are hidden (nobody sees text vanish), and nothing is hidden at all
 * when the reader asks for reduced motion.
 *
 * Every position is read before any element is hidden: reading one after a
 * style change lays the page out again, and a page's twenty reveals cost a
 * phone twenty layouts. One observer watches them all.
 *
 * motion's vanilla `inView` (an IntersectionObserver helper, under 1 KB)
 * says when; the browser's own Web Animations API (what motion's `animate`
 * drives in the end, here at no cost in JavaScript) runs the fade on the
 * compositor. motion/react's components cost a phone some 40 KB of script
 * to download and parse for the same effect.
 */
export function attachReveals(elements: readonly HTMLElement[]): () => void {
  if (elements.length === 0 || matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  const fold = window.innerHeight;
  const below = elements.filter((element) => element.getBoundingClientRect().top >= fold);
  if (below.length === 0) return () => {};

  for (const element of below) Object.assign(element.style, HIDDEN);
  const stop = inView(
    below,
    (target) => {
      // The inline styles hid it until now; the animation starts from the same frame and ends where the stylesheet has it.
      const element = target as HTMLElement;
      clear(element);
      element.animate([HIDDEN, SHOWN], { duration: 700, easing: "cubic-bezier(0.22, 1, 0.36, 1)" });
    },
    { amount: 0.1 },
  );
  return () => {
    stop();
    below.forEach(clear);
  };
}

/** One element's reveal (a component's own, see useScrollReveal). */
export function attachReveal(element: HTMLElement): () => void {
  return attachReveals([element]);
}
