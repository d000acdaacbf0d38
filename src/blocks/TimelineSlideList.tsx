import type { TimelineSlideListBlok } from "../generated";
import { parseStoryblokDate } from "../content/shaping/dates";
import { editableAttributes } from "../preview/editable";
import { Reveal } from "../ui/Reveal";
import { Section } from "../ui/Section";
import { TimelineSlide } from "./TimelineSlide";
import styles from "./TimelineSlideList.module.css";

function startTime(date: string | undefined): number {
  return parseStoryblokDate(date)?.getTime() ?? 0;
}

export function TimelineSlideList({ blok }: { blok: TimelineSlideListBlok }) {
  // The editor picks the order; content order is only the tie-break (sort is stable).
  const direction = blok.order === "oldest_first" ? 1 : -1;
  const slides = [...blok.slides].sort((a, b) => direction * (startTime(a.start_date) - startTime(b.start_date)));
  return (
    <Section title={blok.title} anchor={blok.anchor} editable={editableAttributes(blok)} split>
      <ol className={styles.timeline}>
        {slides.map((slide) => (
          <Reveal as="li" key={slide._uid} className={styles.item}>
            <TimelineSlide blok={slide} />
          </Reveal>
        ))}
      </ol>
    </Section>
  );
}
