import { useRef } from "react";
import { animate, inView, useIsomorphicLayoutEffect, useReducedMotion } from "motion/react";

const HIDDEN_OFFSET = "translateY(2rem)";

/**
 * Fades and lifts an element in as it scrolls into view.
 *
 * The server HTML is never hidden: crawlers and readers without JS get the
 * plain content. After hydration only elements still below the fold are
 * hidden (nobody sees text vanish), and nothing is hidden at all when the
 * reader asks for reduced motion.
 */
export function useScrollReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const reduceMotion = useReducedMotion();

  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element || reduceMotion) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;

    element.style.opacity = "0";
    element.style.transform = HIDDEN_OFFSET;
    const stop = inView(
      element,
      () => {
        animate(element, { opacity: [0, 1], transform: [HIDDEN_OFFSET, "translateY(0)"] }, { duration: 0.7, ease: [0.22, 1, 0.36, 1] });
      },
      { amount: 0.1 },
    );
    return () => {
      stop();
      element.style.opacity = "";
      element.style.transform = "";
    };
  }, [reduceMotion]);

  return ref;
}
