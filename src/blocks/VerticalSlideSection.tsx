import type { CSSProperties } from "react";
import type { VerticalSlideSectionBlok } from "../generated";
import { editableAttributes } from "../preview/editable";
import { Section } from "../ui/Section";
import { VerticalSlide } from "./VerticalSlide";
import styles from "./VerticalSlideSection.module.css";

/**
 * Slides that stack as the reader scrolls: each one sticks a little lower
 * than the one before, so the earlier slides stay visible as a pile.
 * Pure CSS (position: sticky), so it costs nothing and works without JS.
 */
export function VerticalSlideSection({ blok }: { blok: VerticalSlideSectionBlok }) {
  return (
    <Section title={blok.title} anchor={blok.anchor} editable={editableAttributes(blok)}>
      <ol className={styles.stack}>
        {blok.slides.map((slide, index) => {
          const style: CSSProperties & Record<"--index", number> = { "--index": index };
          return (
            <li key={slide._uid} className={styles.item} style={style}>
              <VerticalSlide blok={slide} />
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
