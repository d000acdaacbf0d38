import { Fragment, useRef, type ElementType } from "react";
import { animate, stagger, useIsomorphicLayoutEffect, useReducedMotion } from "motion/react";
import styles from "./AnimatedText.module.css";

export type TextAnimation = "none" | "words" | "letters";

interface AnimatedTextProps {
  text: string;
  animation: TextAnimation;
  as?: ElementType;
  className?: string;
}

/**
 * A headline whose words rise in or whose letters type in. The full text is
 * in the server HTML; the pre-hydration hiding is a CSS rule gated on
 * `data-motion="on"` (set by _document only when JS runs and motion is
 * welcome), so without JS nothing is hidden.
 */
export function AnimatedText({ text, animation, as: Tag = "span", className }: AnimatedTextProps) {
  const ref = useRef<HTMLElement>(null);
  const reduceMotion = useReducedMotion();

  useIsomorphicLayoutEffect(() => {
    const root = ref.current;
    if (!root || animation === "none") return;
    const units = Array.from(root.querySelectorAll<HTMLElement>("[data-unit]"));
    const animated = !reduceMotion && document.documentElement.dataset.motion === "on";
    // Hide with inline styles before the CSS gate lifts, in the same frame, so nothing flashes.
    if (animated) units.forEach((unit) => (unit.style.opacity = "0"));
    root.setAttribute("data-hydrated", "");
    if (!animated) return;
    const controls =
      animation === "words"
        ? animate(units, { opacity: [0, 1], y: ["0.6em", "0em"] }, { duration: 0.7, delay: stagger(0.07), ease: [0.22, 1, 0.36, 1] })
        : animate(units, { opacity: [0, 1] }, { duration: 0.01, delay: stagger(0.035) });
    return () => controls.stop();
  }, [animation, reduceMotion]);

  if (animation === "none") return <Tag className={className}>{text}</Tag>;

  const words = text.split(/\s+/).filter(Boolean);
  return (
    <Tag ref={ref} className={className} data-hero-text="">
      {animation === "letters" ? (
        // Letter spans read as single letters in some screen readers, so they
        // get the sentence whole and the split copy is hidden from them.
        <>
          <span className="visually-hidden">{text}</span>
          <span aria-hidden="true">
            {words.map((word, wordIndex) => (
              <Fragment key={wordIndex}>
                {wordIndex > 0 && " "}
                <span className={styles.word}>
                  {Array.from(word).map((letter, letterIndex) => (
                    <span key={letterIndex} className={styles.unit} data-unit="">
                      {letter}
                    </span>
                  ))}
                </span>
              </Fragment>
            ))}
          </span>
        </>
      ) : (
        words.map((word, index) => (
          <Fragment key={index}>
            {index > 0 && " "}
            <span className={styles.unit} data-unit="">
              {word}
            </span>
          </Fragment>
        ))
      )}
    </Tag>
  );
}
