import type { CSSProperties } from "react";
import { RichText } from "../richtext/RichText";
import { editableAttributes } from "../preview/editable";
import type { ShownBlok } from "../content/access/story-queries";
import { ProjectCard } from "../ui/ProjectCard";
import { Reveal } from "../ui/Reveal";
import { Section } from "../ui/Section";
import { Card } from "./Card";
import styles from "./CardList.module.css";

/** Storyblok sends the number field as a string; the schema allows 1–4. */
function columnCount(value: string | undefined): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) ? Math.min(4, Math.max(1, parsed)) : 3;
}

export function CardList({ blok }: { blok: ShownBlok<"card_list"> }) {
  const projects = blok.projects ?? [];
  const cards = blok.cards ?? [];
  const layout = blok.layout ?? "grid";
  const style: CSSProperties & Record<"--columns", number> = { "--columns": columnCount(blok.columns) };
  const intro = blok.intro ? <RichText doc={blok.intro} /> : undefined;
  return (
    <Section title={blok.title} anchor={blok.anchor} intro={intro} editable={editableAttributes(blok)}>
      <ul
        className={`${styles.cards} ${styles[layout] ?? ""}`}
        style={style}
        // A carousel scrolls sideways on its own; keyboard users need it focusable to scroll it.
        tabIndex={layout === "carousel" ? 0 : undefined}
        aria-label={layout === "carousel" && blok.title ? blok.title : undefined}
      >
        {projects.map((story) => (
          <Reveal as="li" key={story.uuid} className={styles.item}>
            <ProjectCard story={story} />
          </Reveal>
        ))}
        {cards.map((card) => (
          <Reveal as="li" key={card._uid} className={styles.item}>
            <Card blok={card} />
          </Reveal>
        ))}
      </ul>
    </Section>
  );
}
