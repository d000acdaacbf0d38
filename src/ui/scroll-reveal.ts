import { inView } from "motion";

/** Marks an element that fades in as it scrolls into view: how a page served as static HTML finds them (src/site/islands.ts). */
export const REVEAL_ATTRIBUTE = "data-reveal";

const HIDDEN = { opacity: "0", transform: "translateY(2rem)" };
const SHOWN = { opacity: "1", transform: "translateY(0)" };

/**
 * Fades and lifts an element in as it scrolls into view; returns a function
 * that stops watching and shows the element as the stylesheet has it.
 *
 * The server HTML is never hidden: crawlers and readers without JS get the
 * plain content. Once the page's scripts run only elements still below the
 * fold are hidden (nobody sees text vanish), and nothing is hidden at all
 * when the reader asks for reduced motion.
 *
 * motion's vanilla `inView` (an IntersectionObserver helper, under 1 KB)
 * says when; the browser's own Web Animations API (what motion's `animate`
 * drives in the end, here at no cost in JavaScript) runs the fade on the
 * compositor. motion/react's components cost a phone some 40 KB of script
 * to download and parse for the same effect.
 */
export function attachReveal(element: HTMLElement): () => void {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  if (element.getBoundingClientRect().top < window.innerHeight) return () => {};

  Object.assign(element.style, HIDDEN);
  const stop = inView(
    element,
    () => {
      // The inline styles hid it until now; the animation starts from the same frame and ends where the stylesheet has it.
      element.style.opacity = "";
      element.style.transform = "";
      element.animate([HIDDEN, SHOWN], { duration: 700, easing: "cubic-bezier(0.22, 1, 0.36, 1)" });
    },
    { amount: 0.1 },
  );
  return () => {
    stop();
    element.style.opacity = "";
    element.style.transform = "";
  };
}
