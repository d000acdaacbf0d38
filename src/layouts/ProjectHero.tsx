import type { ShownProject } from "../content/access/story-queries";
import { formatMonthYear, parseStoryblokDate } from "../content/shaping/dates";
import { hrefOf } from "../content/shaping/links";
import { AssetImage } from "../ui/AssetImage";
import { Icon } from "../ui/Icon";
import { SmartLink } from "../ui/SmartLink";
import { TagList } from "../ui/TagList";
import styles from "./ProjectLayout.module.css";
import pillStyles from "../ui/PillButton.module.css";

/** The top of a case study: what, for whom, when, and the cover. */
export function ProjectHero({ project, allWorkHref }: { project: ShownProject["content"]; allWorkHref: string }) {
  const started = parseStoryblokDate(project.started_on);
  const liveHref = hrefOf(project.project_url);
  const facts = [
    { term: "Role", value: project.role },
    { term: "Client", value: project.client },
    { term: "Year", value: project.year },
    { term: "Started", value: started ? formatMonthYear(started) : undefined },
  ].filter((fact) => fact.value);
  return (
    <header className={styles.hero}>
      <div className={styles.heroText}>
        <SmartLink href={allWorkHref} className={styles.back}>
          <Icon name="arrow-right" size={16} className={styles.backIcon} />
          All work
        </SmartLink>
        <h1 className={styles.title}>{project.title}</h1>
        <p className={styles.summary}>{project.summary}</p>
        <dl className={styles.meta}>
          {facts.map((fact) => (
            <div key={fact.term} className={styles.metaItem}>
              <dt>{fact.term}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.heroFooter}>
          <TagList tags={project.tags} label="Project tags" />
          {liveHref && (
            <SmartLink href={liveHref} target={project.project_url?.target} className={pillStyles.pill}>
              Visit the project
              {project.project_url?.target === "_blank" && <span className="visually-hidden"> (opens in a new tab)</span>}
              <Icon name="external" size={18} />
            </SmartLink>
          )}
        </div>
      </div>
      <div className={styles.cover}>
        <AssetImage asset={project.cover} ratio={2} crop priority sizes="(min-width: 72rem) 72rem, 100vw" />
      </div>
    </header>
  );
}
