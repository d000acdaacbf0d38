import { useLayoutEffect, useRef } from "react";
import { attachReveal, REVEAL_ATTRIBUTE } from "./scroll-reveal";

/** Spread on the element useScrollReveal's ref is on: a published page's islands find it by this (src/islands/mount-islands.ts). */
export const REVEAL_PROPS = { [REVEAL_ATTRIBUTE]: "" } as const;

/** A ref for an element that fades in as it scrolls into view (see attachReveals for the rules). */
export function useScrollReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => (ref.current ? attachReveal(ref.current) : undefined), []);
  return ref;
}
