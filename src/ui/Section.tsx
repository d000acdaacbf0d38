import type { ReactNode } from "react";
import type { EditableAttributes } from "../preview/editable";
import { slugify } from "../content/shaping/slug";
import { REVEAL_PROPS, useScrollReveal } from "./useScrollReveal";
import styles from "./Section.module.css";

interface SectionProps {
  title?: string;
  /** The editor's id for in-page links; the title's slug when empty. */
  anchor?: string;
  /** Rendered under the title. */
  intro?: ReactNode;
  theme?: "light" | "dark" | "accent" | "";
  editable: EditableAttributes;
  /** Extra class for the section's own layout needs. */
  className?: string;
  /** Wide screens: the heading sticks in a column left of the content. */
  split?: boolean;
  children: ReactNode;
}

/** A page section: its anchor, theme, heading and the scroll reveal every section shares. */
export function Section({ title, anchor, intro, theme, editable, className, split = false, children }: SectionProps) {
  const revealRef = useScrollReveal<HTMLDivElement>();
  const id = slugify(anchor || title || "");
  return (
    <section
      id={id || undefined}
      data-theme={theme || undefined}
      className={`${styles.section} ${theme ? styles.themed : ""} ${className ?? ""}`}
      {...editable}
    >
      <div className={`${styles.container} ${split ? styles.split : ""}`}>
        {(title || intro) && (
          <header ref={revealRef} className={styles.header} {...REVEAL_PROPS}>
            {title && <h2 className={styles.title}>{title}</h2>}
            {intro && <div className={styles.intro}>{intro}</div>}
          </header>
        )}
        <div className={styles.content}>{children}</div>
      </div>
    </section>
  );
}
