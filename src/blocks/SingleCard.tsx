import type { ShownBlok } from "../content/access/story-queries";
import { editableAttributes } from "../preview/editable";
import { storyPath } from "../content/shaping/links";
import { localiseHref } from "../i18n/locale-paths";
import { usePageLocale } from "../i18n/page-locale";
import { AssetImage } from "../ui/AssetImage";
import { Icon } from "../ui/Icon";
import { Reveal } from "../ui/Reveal";
import { TagList } from "../ui/TagList";
import styles from "./SingleCard.module.css";
import pillStyles from "../ui/PillButton.module.css";

/** One project featured large: cover on one side, the story's pitch on the other. */
export function SingleCard({ blok }: { blok: ShownBlok<"single_card"> }) {
  // No project when it could not be resolved (unpublished, deleted): nothing to feature.
  const locale = usePageLocale();
  const story = blok.project;
  if (!story) return null;
  const project = story.content;
  const href = localiseHref(storyPath(story.full_slug), locale);
  const imageRight = blok.image_position === "right";
  return (
    <section data-theme={project.theme || undefined} className={styles.section} {...editableAttributes(blok)}>
      <Reveal className={`${styles.feature} ${imageRight ? styles.imageRight : ""}`}>
        <div className={styles.media}>
          <AssetImage asset={project.cover} ratio={4 / 3} crop sizes="(min-width: 60rem) 40rem, 100vw" />
        </div>
        <div className={styles.text}>
          <p className={styles.kicker}>Featured project · {project.year}</p>
          <h2 className={styles.title}>{project.title}</h2>
          <p className={styles.highlight}>{blok.highlight || project.summary}</p>
          <TagList tags={project.tags} />
          <a href={href} className={`${pillStyles.pill} ${styles.cta}`}>
            Read the case study<span className="visually-hidden">: {story.name}</span>
            <Icon name="arrow-right" size={18} />
          </a>
        </div>
      </Reveal>
    </section>
  );
}
