import type { RelatedProject } from "../content/access/story-queries";
import { usePageLocale } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import { ProjectCard } from "../ui/ProjectCard";
import { Reveal } from "../ui/Reveal";
import styles from "./ProjectLayout.module.css";

export function RelatedProjects({ related }: { related: readonly RelatedProject[] | undefined }) {
  const locale = usePageLocale();
  const stories = related ?? [];
  if (stories.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby="related-title">
      <div className={styles.relatedInner}>
        <h2 id="related-title" className={styles.relatedTitle}>
          {uiText(locale, "relatedProjects")}
        </h2>
        <ul className={styles.relatedList}>
          {stories.map((story) => (
            <Reveal as="li" key={story.uuid}>
              <ProjectCard story={story} />
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
