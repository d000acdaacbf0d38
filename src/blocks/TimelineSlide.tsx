import type { TimelineSlideBlok } from "../generated";
import { RichText } from "../richtext/RichText";
import { parseStoryblokDate, formatPeriod } from "../content/shaping/dates";
import { usePageLocale } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import { editableAttributes } from "../preview/editable";
import { AssetImage } from "../ui/AssetImage";
import { Icon } from "../ui/Icon";
import { Link } from "./Link";
import styles from "./TimelineSlide.module.css";

export function TimelineSlide({ blok }: { blok: TimelineSlideBlok }) {
  const locale = usePageLocale();
  const start = parseStoryblokDate(blok.start_date);
  return (
    <article className={styles.slide} {...editableAttributes(blok)}>
      <span className={styles.marker} aria-hidden="true">
        {blok.logo?.filename ? (
          <AssetImage asset={blok.logo} ratio={1} crop className={styles.logo} />
        ) : (
          <Icon name={blok.icon || "briefcase"} size={20} />
        )}
      </span>
      <div className={styles.content}>
        <p className={styles.period}>
          {start ? (
            <time dateTime={start.toISOString().slice(0, 10)}>
              {formatPeriod(blok.start_date, blok.end_date, uiText(locale, "present"), locale)}
            </time>
          ) : null}
        </p>
        <h3 className={styles.title}>{blok.title}</h3>
        {blok.organisation && <p className={styles.organisation}>{blok.organisation}</p>}
        <RichText className={styles.description} doc={blok.description} renderBlok={(link) => <Link blok={link} />} />
      </div>
    </article>
  );
}
