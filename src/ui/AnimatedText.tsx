import { Fragment, type CSSProperties, type ElementType } from "react";
import styles from "./AnimatedText.module.css";

type TextAnimation = "none" | "words" | "letters";

interface AnimatedTextProps {
  text: string;
  animation: TextAnimation;
  as?: ElementType;
  className?: string;
}

type UnitStyle = CSSProperties & Record<"--unit", number>;

/** A unit's place in the sequence, for the stagger the CSS computes from it. */
function unitStyle(index: number): UnitStyle {
  return { "--unit": index };
}

/**
 * A headline whose words rise in or whose letters type in.
 *
 * This is the page's largest text, so it is painted, readable, in the very
 * first frame: the animation is pure CSS, held at its first frame until
 * that frame is on screen and played from then (no element hidden until
 * hydration, see the CSS module), it only moves
 * words and letters (never their opacity), and it does not run at all when
 * the reader asks for reduced motion (see the CSS module).
 */
export function AnimatedText({ text, animation, as: Tag = "span", className }: AnimatedTextProps) {
  if (animation === "none") return <Tag className={className}>{text}</Tag>;

  const words = text.split(/\s+/).filter(Boolean);
  const classes = `${styles[animation]} ${className ?? ""}`.trim();
  if (animation === "words") {
    return (
      <Tag className={classes} data-hero-text="">
        {words.map((word, index) => (
          <Fragment key={index}>
            {index > 0 && " "}
            <span className={styles.unit} style={unitStyle(index)}>
              {word}
            </span>
          </Fragment>
        ))}
      </Tag>
    );
  }
  let letterIndex = 0;
  return (
    <Tag className={classes} data-hero-text="">
      {/* Letter spans read as single letters in some screen readers, so they
          get the sentence whole and the split copy is hidden from them. */}
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true">
        {words.map((word, wordIndex) => (
          <Fragment key={wordIndex}>
            {wordIndex > 0 && " "}
            <span className={styles.word}>
              {Array.from(word).map((letter, index) => (
                <span key={index} className={styles.unit} style={unitStyle(letterIndex++)}>
                  {letter}
                </span>
              ))}
            </span>
          </Fragment>
        ))}
      </span>
    </Tag>
  );
}
