import { inView } from "motion";

/** How far outside the viewport "near" starts: a fast flick on a phone covers less before the code has arrived. */
export const NEAR_MARGIN = "600px";

/** Interaction inside the element that cannot wait for scrolling (a keyboard user tabbing in, a tap). */
const INTERACTIONS = ["focusin", "pointerdown", "touchstart", "keydown"] as const;

/**
 * Calls `onNear` once, when `element` comes within NEAR_MARGIN of the
 * viewport or the reader focuses or presses anything inside it, whichever is
 * first. Jumping to an anchor in or above it (/#contact) counts as coming near:
 * the observer reports the element's position as soon as it starts watching.
 * Where there is no IntersectionObserver it calls at once. Returns a function
 * that stops watching (an unmount before then). The watching is motion's
 * `inView`, which every page already has for its scroll reveals.
 */
export function whenNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => {};
  }
  let done = false;
  const stop = () => {
    stopViewing();
    for (const type of INTERACTIONS) element.removeEventListener(type, near, true);
  };
  function near() {
    if (done) return;
    done = true;
    stop();
    onNear();
  }
  const stopViewing = inView(element, near, { margin: NEAR_MARGIN });
  // Capturing, so a handler inside that stops the event does not hide it.
  for (const type of INTERACTIONS) element.addEventListener(type, near, { capture: true, passive: true });
  return () => {
    done = true;
    stop();
  };
}
