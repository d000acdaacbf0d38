import type { RelatedProject } from "../content/access/story-queries";
import { storyPath } from "../content/shaping/links";
import { localiseHref } from "../i18n/locale-paths";
import { usePageLocale } from "../i18n/page-locale";
import { AssetImage } from "./AssetImage";
import { Icon } from "./Icon";
import { TagList } from "./TagList";
import styles from "./Card.module.css";

/** A project story as a card: cover, name, summary; the whole card links to the case study. */
export function ProjectCard({ story }: { story: RelatedProject }) {
  const locale = usePageLocale();
  const project = story.content;
  const meta = [project.client, project.year].filter(Boolean).join(" · ");
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <AssetImage asset={project.cover} ratio={3 / 2} crop sizes="(min-width: 60rem) 24rem, (min-width: 40rem) 50vw, 100vw" />
      </div>
      <div className={styles.body}>
        {meta && <p className={styles.meta}>{meta}</p>}
        <h3 className={styles.title}>
          {/* The stretched link makes the card one click target and keeps one link per card for screen readers. */}
          <a href={localiseHref(storyPath(story.full_slug), locale)} className={styles.stretched}>
            {story.name}
          </a>
        </h3>
        <p className={styles.summary}>{project.summary}</p>
        <div className={styles.footer}>
          <TagList tags={project.tags} />
          <Icon name="arrow-right" className={styles.arrow} />
        </div>
      </div>
    </article>
  );
}
