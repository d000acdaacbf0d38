import type { ReactNode } from "react";
import { REVEAL_PROPS, useScrollReveal } from "./useScrollReveal";

interface RevealProps {
  as?: "div" | "li" | "article" | "figure";
  className?: string;
  children: ReactNode;
}

/** An element that fades in as it scrolls into view (see attachReveals in scroll-reveal.ts for the rules). */
export function Reveal({ as: Tag = "div", className, children }: RevealProps) {
  const ref = useScrollReveal<HTMLElement & HTMLLIElement & HTMLDivElement>();
  return (
    <Tag ref={ref} className={className} {...REVEAL_PROPS}>
      {children}
    </Tag>
  );
}
