import type { ShownProject } from "../content/access/story-queries";
import { formatMonthYear, parseStoryblokDate } from "../content/shaping/dates";
import { usePageLocale } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import { hrefOf } from "../content/shaping/links";
import { AssetImage, WIDE_SCREEN } from "../ui/AssetImage";
import { Icon } from "../ui/Icon";
import { SmartLink } from "../ui/SmartLink";
import { TagList } from "../ui/TagList";
import styles from "./ProjectLayout.module.css";
import pillStyles from "../ui/PillButton.module.css";

/** The top of a case study: what, for whom, when, and the cover. */
export function ProjectHero({ project, allWorkHref }: { project: ShownProject["content"]; allWorkHref: string }) {
  const locale = usePageLocale();
  const text = (key: Parameters<typeof uiText>[1]) => uiText(locale, key);
  const started = parseStoryblokDate(project.started_on);
  const liveHref = hrefOf(project.project_url);
  const facts = [
    { term: text("factRole"), value: project.role },
    { term: text("factClient"), value: project.client },
    { term: text("factYear"), value: project.year },
    { term: text("factStarted"), value: started ? formatMonthYear(started, locale) : undefined },
  ].filter((fact) => fact.value);
  return (
    <header className={styles.hero}>
      <div className={styles.heroText}>
        <SmartLink href={allWorkHref} className={styles.back}>
          <Icon name="arrow-right" size={16} className={styles.backIcon} />
          {text("allWork")}
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
          <TagList tags={project.tags} label={text("projectTags")} />
          {liveHref && (
            <SmartLink href={liveHref} target={project.project_url?.target} className={pillStyles.pill}>
              {text("visitProject")}
              {project.project_url?.target === "_blank" && <span className="visually-hidden"> {text("opensNewTab")}</span>}
              <Icon name="external" size={18} />
            </SmartLink>
          )}
        </div>
      </div>
      <div className={styles.cover}>
        <AssetImage asset={project.cover} ratio={2} crop priority largestFrom={WIDE_SCREEN} sizes="(min-width: 72rem) 72rem, 100vw" />
      </div>
    </header>
  );
}
